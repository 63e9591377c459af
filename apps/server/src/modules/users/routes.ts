import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersSchema,
  errorSchema,
  idParam,
  tokenParam,
  type AuthProviders,
} from '@earshot/core';
import { listQuery, PAGED_NOTE } from '../resources/routes.js';
import type { UsersService } from './service.js';

/** SPEC §7: no payload either way; the answer is its status. */
const noContent = z.null().describe('No content');
const bearerNote = 'Needs `Authorization: Bearer <token>` (the token of the sign-in call).';
const subscriptionSchema = z.object({ id: z.number(), guide: z.number(), guide_token: z.string() });

/** Calls of SPEC §7 that act for the signed-in user, and the sign-in methods on offer. */
export const userRoutes =
  (users: UsersService, providers: AuthProviders): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth_providers',
      {
        schema: {
          summary: 'Which sign-in methods besides e-mail and password are configured',
          tags: ['users'],
          response: { 200: authProvidersSchema },
        },
      },
      async () => providers,
    );
    app.post(
      '/guides_by_token/:token/subscribe/',
      {
        schema: {
          summary: 'Subscribe the signed-in user to a guide (idempotent)',
          description: bearerNote,
          tags: ['users'],
          params: z.object({ token: tokenParam }),
          response: { 204: noContent, 400: errorSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (req, reply) => {
        const user = await app.requireUser(req);
        await users.subscribe(user, req.params.token);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/subscriptions',
      {
        schema: {
          summary: "The signed-in user's guide subscriptions",
          description: `${bearerNote} ${PAGED_NOTE}`,
          tags: ['users'],
          // The resources' paged query, with no filter: anything but limit and offset is refused.
          querystring: listQuery('subscriptions', { filters: {} }),
          response: { 200: z.array(subscriptionSchema), 400: errorSchema, 401: errorSchema },
        },
      },
      async (req) => users.subscriptions(await app.requireUser(req), req.query),
    );
    app.get(
      '/subscriptions/:id/',
      {
        schema: {
          summary: "One of the signed-in user's subscriptions",
          description: bearerNote,
          tags: ['users'],
          params: z.object({ id: idParam }),
          response: {
            200: subscriptionSchema,
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (req) => users.subscription(await app.requireUser(req), req.params.id),
    );
    app.post(
      '/unregister/',
      {
        schema: {
          summary: 'Delete the signed-in user with their answers, awards and subscriptions',
          description: bearerNote,
          tags: ['users'],
          response: { 204: noContent, 401: errorSchema },
        },
      },
      async (req, reply) => {
        const user = await app.requireUser(req);
        await users.unregister(user);
        return reply.status(204).send(null);
      },
    );
  };
