import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInvitationSchema,
  errorSchema,
  idParam,
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationSchema,
  pendingInvitationSchema,
  verificationSentSchema,
} from '@earshot/core';
import type { InvitationsService } from './invitations-service.js';

const bearer = 'Needs `Authorization: Bearer <token>`.';
/** 32 random bytes in base64url are 43 characters; anything else is no invitation. */
const invitationToken = z.string().max(100);
const refused = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  410: errorSchema,
};

/** Invitations: made by an admin, seen and accepted by the invited address's account. */
export const invitationRoutes =
  (invitations: InvitationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/organisations/:id/invitations',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Invite an e-mail address to publish for an organisation (admin)',
          description: `${bearer} The link is mailed when SMTP is set; otherwise (or when the mail fails) the answer carries it to pass on. It works once, for 7 days, for an account with that address.`,
          tags: ['studio'],
          params: z.object({ id: idParam }),
          body: createInvitationSchema,
          response: {
            201: invitationCreatedSchema,
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(
            await invitations.invite(await app.currentUser(req), req.params.id, req.body.email),
          ),
    );

    app.get(
      '/organisations/:id/invitations',
      {
        config: { studio: 'admin' },
        schema: {
          summary: "An organisation's invitations not yet accepted nor expired (admin)",
          description: bearer,
          tags: ['studio'],
          params: z.object({ id: idParam }),
          response: {
            200: z.array(pendingInvitationSchema),
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (req) => invitations.pending(await app.currentUser(req), req.params.id),
    );

    app.delete(
      '/organisations/:id/invitations/:invitationId',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Withdraw an invitation not yet accepted (admin): its link stops working',
          description: bearer,
          tags: ['studio'],
          params: z.object({ id: idParam, invitationId: idParam }),
          response: {
            204: z.null().describe('No content'),
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (req, reply) => {
        await invitations.withdraw(
          await app.currentUser(req),
          req.params.id,
          req.params.invitationId,
        );
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/invitations/:token',
      {
        config: { studio: 'signed-in' },
        schema: {
          summary: 'What an invitation is for (to the account of the address it was sent to)',
          description: `${bearer} 404 for an unknown link, 403 for another address, 410 when used or expired.`,
          tags: ['studio'],
          params: z.object({ token: invitationToken }),
          response: { 200: invitationSchema, ...refused },
        },
      },
      async (req) => invitations.show(await app.currentUser(req), req.params.token),
    );

    app.post(
      '/invitations/:token/accept',
      {
        config: { studio: 'signed-in' },
        schema: {
          summary: 'Accept an invitation: the signed-in user becomes a publisher',
          description: `${bearer} Only an account that proved the address: a verified one becomes a publisher (\`status: member\`); with SMTP set an unverified one gets 403 (confirm it by the mailed link first); without SMTP it waits for an admin's confirmation (\`status: pending\`), with no rights meanwhile.`,
          tags: ['studio'],
          params: z.object({ token: invitationToken }),
          response: { 200: invitationAcceptedSchema, ...refused },
        },
      },
      async (req) => invitations.accept(await app.currentUser(req), req.params.token),
    );

    app.post(
      '/invitations/:token/verify-email',
      {
        config: { studio: 'signed-in' },
        schema: {
          summary: 'Mail the invited account a link that confirms its address',
          description: `${bearer} The link (valid 24 hours) confirms the address and leads back to the invitation page. 409 when there is no SMTP or the address is confirmed already; 503 when the mail server refused.`,
          tags: ['studio'],
          params: z.object({ token: invitationToken }),
          response: { 202: verificationSentSchema, ...refused, 409: errorSchema, 503: errorSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(202)
          .send(await invitations.sendVerification(await app.currentUser(req), req.params.token)),
    );
  };
