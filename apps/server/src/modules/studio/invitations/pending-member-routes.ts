import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam, pendingMemberSchema } from '@earshot/core';
import type { PendingMembersService } from './pending-members-service.js';

const bearer = 'Needs `Authorization: Bearer <token>`.';
const denied = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const params = z.object({ id: idParam, invitationId: idParam });
const noContent = z.null().describe('No content');

/** Acceptances waiting for an admin's confirmation (docs/studio.md, Roles). */
export const pendingMemberRoutes =
  (pending: PendingMembersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/organisations/:id/pending-members',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Who accepted an invitation and waits for an admin to confirm them (admin)',
          description: `${bearer} Without mail (SMTP) nobody proved the address of whoever accepted: each entry names the account (as registered) and the invitation (the address it was sent to). They have no rights until confirmed.`,
          tags: ['studio'],
          params: z.object({ id: idParam }),
          response: { 200: z.array(pendingMemberSchema), ...denied },
        },
      },
      async (req) => pending.list(await app.currentUser(req), req.params.id),
    );

    app.post(
      '/organisations/:id/pending-members/:invitationId/confirm',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Confirm who accepted: they become a publisher (admin)',
          description: `${bearer} 404 when no acceptance of that invitation waits.`,
          tags: ['studio'],
          params,
          response: { 204: noContent, ...denied },
        },
      },
      async (req, reply) => {
        await pending.confirm(await app.currentUser(req), req.params.id, req.params.invitationId);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/organisations/:id/pending-members/:invitationId',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Refuse who accepted: the invitation goes, they never were a member (admin)',
          description: `${bearer} 404 when no acceptance of that invitation waits.`,
          tags: ['studio'],
          params,
          response: { 204: noContent, ...denied },
        },
      },
      async (req, reply) => {
        await pending.refuse(await app.currentUser(req), req.params.id, req.params.invitationId);
        return reply.status(204).send(null);
      },
    );
  };
