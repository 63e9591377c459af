import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, placeParam, tokenParam } from '@earshot/core';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../plugins/errors.js';

const ok = z.object({ ok: z.literal(true) });
const language = z
  .string()
  .regex(/^[A-Za-z-]{2,12}$/)
  .nullish();

/** POI visits and plays (SPEC §7 "Track POI views and plays") and list-view events, stored for the publisher. */
export const trackingRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/visit_poi/',
      {
        schema: {
          summary: 'Record a visit or play of one POI',
          tags: ['tracking'],
          body: z
            .object({
              guide_token: tokenParam,
              poi_token: tokenParam,
              language,
              kind: z.enum(['visit', 'play', 'direct-visit']).default('visit'),
            })
            .strict(),
          response: { 201: ok, 400: errorSchema, 404: errorSchema },
        },
      },
      async (req, reply) => {
        const poi = await db
          .selectFrom('pois')
          .innerJoin('guides', 'guides.id', 'pois.guide_id')
          .select('pois.id')
          .where('pois.token', '=', req.body.poi_token)
          .where('guides.token', '=', req.body.guide_token)
          .executeTakeFirst();
        if (!poi)
          throw new NotFoundError(
            `No POI "${req.body.poi_token}" in guide "${req.body.guide_token}"`,
          );
        await db
          .insertInto('tracking_events')
          .values({
            kind: `poi-${req.body.kind}`,
            guide_token: req.body.guide_token,
            poi_token: req.body.poi_token,
            language: req.body.language ?? null,
          })
          .execute();
        return reply.status(201).send({ ok: true });
      },
    );

    app.post(
      '/events/',
      {
        schema: {
          summary: 'Record a list view (city-list-view, state-list-view)',
          tags: ['tracking'],
          body: z
            .object({
              kind: z.enum(['city-list-view', 'state-list-view', 'search']),
              place: placeParam,
            })
            .strict(),
          response: { 201: ok, 400: errorSchema },
        },
      },
      async (req, reply) => {
        await db
          .insertInto('tracking_events')
          .values({ kind: req.body.kind, place: req.body.place })
          .execute();
        return reply.status(201).send({ ok: true });
      },
    );
  };
