import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, placeParam, tokenParam } from '@earshot/core';
import type { TrackingRepository } from './repository.js';
import { NotFoundError } from '../../plugins/errors.js';

const ok = z.object({ ok: z.literal(true) });
const language = z
  .string()
  .regex(/^[A-Za-z-]{2,12}$/)
  .nullish();

/** POI visits and plays (SPEC §7 "Track POI views and plays") and list-view events, stored for the publisher. */
export const trackingRoutes =
  (tracking: TrackingRepository): FastifyPluginAsyncZod =>
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
        const { guide_token, poi_token, language, kind } = req.body;
        if (!(await tracking.guideHasPoi(guide_token, poi_token)))
          throw new NotFoundError(`No POI "${poi_token}" in guide "${guide_token}"`);
        await tracking.record({ kind: `poi-${kind}`, guide_token, poi_token, language });
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
        await tracking.record({ kind: req.body.kind, place: req.body.place });
        return reply.status(201).send({ ok: true });
      },
    );
  };
