import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, tokenParam } from '@earshot/core';
import { UnauthorizedError } from '../../plugins/errors.js';

/** SPEC §7: no payload either way; the answer is its status. */
const noContent = z.null().describe('No content');

/** Calls of SPEC §7 that act for the signed-in user. Sign-in comes in a later issue: 401 until then. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const needsSignIn = async () => {
    throw new UnauthorizedError();
  };
  app.post(
    '/guides_by_token/:token/subscribe/',
    {
      schema: {
        summary: 'Subscribe the signed-in user to a guide',
        tags: ['users'],
        params: z.object({ token: tokenParam }),
        response: { 204: noContent, 400: errorSchema, 401: errorSchema },
      },
    },
    needsSignIn,
  );
  app.post(
    '/unregister/',
    {
      schema: {
        summary: 'Delete the signed-in user',
        tags: ['users'],
        response: { 204: noContent, 401: errorSchema },
      },
    },
    needsSignIn,
  );
};
