import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awardSchema,
  errorSchema,
  idempotencyKeySchema,
  idParam,
  tokenParam,
  visitPoiResultSchema,
} from '@earshot/core';
import type { AwardsService } from './awards-service.js';
import {
  bearerNote,
  idParams,
  noContent,
  ownErrors,
  pagedQuery,
  refuse,
  signedIn,
} from './route-kit.js';

const language = z
  .string()
  .regex(/^[A-Za-z-]{2,12}$/)
  .nullish();
const AWARDS_ARE_EARNED = 'Awards are earned by visiting POIs, not written';

/** POST visit_poi/ (badge points) and GET awards (the signed-in user's own). */
export const awardsRoutes =
  (awards: AwardsService): FastifyPluginAsyncZod =>
  async (app) => {
    const own = signedIn(app);

    app.post(
      '/visit_poi/',
      {
        schema: {
          summary: 'Record a visit of one POI; a signed-in user gets badge points',
          description:
            "Anyone's visit is recorded for the publisher. With `Authorization: Bearer <token>` " +
            "the user's first visit of the POI gives a point to each badge of the guide that " +
            'counts it (`counted`), and `awards` says what changed: points and the level ' +
            'before and after, to celebrate a new badge or level. Plays and views are ' +
            'track_poi/ and give no points. With an `Idempotency-Key` header (made once per ' +
            'visit by the app, which retries a visit made without signal) a repeated request ' +
            'answers 200 with the reply the first one had, recording nothing again.',
          tags: ['participation'],
          headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
          body: z
            .object({
              guide_token: tokenParam,
              poi_token: tokenParam,
              language,
              kind: z.literal('visit').default('visit'),
            })
            .strict(),
          response: {
            200: visitPoiResultSchema.describe('The reply an earlier request with this key had'),
            201: visitPoiResultSchema,
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (req, reply) => {
        // A token that no longer works is a 401, so the app can sign in again rather than
        // walk on without earning anything.
        const user = req.headers.authorization ? await app.requireUser(req) : null;
        const key = req.headers['idempotency-key'] as string | undefined;
        const { status, result } = await awards.visit(user?.id ?? null, req.body, key);
        return reply.status(status).send(result);
      },
    );

    app.get(
      '/awards',
      {
        onRequest: own,
        schema: {
          summary: "The signed-in user's awards, by badge or badge's guide token (needs sign-in)",
          description: bearerNote,
          tags: ['participation'],
          querystring: pagedQuery('awards', { badge: idParam, badge__guide__token: tokenParam }),
          response: { 200: z.array(awardSchema), ...ownErrors },
        },
      },
      async (req) => {
        const user = await app.requireUser(req);
        const { limit, offset, ...filters } = req.query as {
          limit: number;
          offset: number;
          badge?: number;
          badge__guide__token?: string;
        };
        return awards.awards(user.id, filters, { limit, offset });
      },
    );

    app.get(
      '/awards/:id/',
      {
        onRequest: own,
        schema: {
          summary: "One of the signed-in user's awards (needs sign-in)",
          description: bearerNote,
          tags: ['participation'],
          params: idParams,
          response: { 200: awardSchema, ...ownErrors },
        },
      },
      async (req) => {
        const user = await app.requireUser(req);
        return awards.award(user.id, req.params.id);
      },
    );

    const refused = { ...ownErrors, 405: errorSchema };
    app.post(
      '/awards/',
      {
        onRequest: own,
        schema: {
          summary: 'Refused: awards are earned by visits (needs sign-in)',
          tags: ['participation'],
          response: { 201: awardSchema, ...refused },
        },
      },
      async (_req, reply) => refuse(reply, 'GET', AWARDS_ARE_EARNED),
    );
    for (const method of ['patch', 'delete'] as const) {
      app[method](
        '/awards/:id/',
        {
          onRequest: own,
          schema: {
            summary: `Refused: awards are not ${method === 'patch' ? 'changed' : 'deleted'} (needs sign-in)`,
            tags: ['participation'],
            params: idParams,
            response: {
              ...(method === 'patch' ? { 200: awardSchema } : { 204: noContent }),
              ...refused,
            },
          },
        },
        async (req, reply) => {
          const user = await app.requireUser(req);
          await awards.award(user.id, req.params.id);
          return refuse(reply, 'GET', AWARDS_ARE_EARNED);
        },
      );
    }
  };
