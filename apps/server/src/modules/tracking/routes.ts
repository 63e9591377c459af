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

/**
 * POI plays and views (track_poi/, SPEC §7 "Track POI views and plays") and list-view events,
 * stored for the publisher. Visits (visit_poi/, which give badge points) are participation's.
 */
export const trackingRoutes =
  (tracking: TrackingRepository): FastifyPluginAsyncZod =>
  async (app) => {
    const recordPoi = async (
      kind: string,
      guide_token: string,
      poi_token: string,
      language: string | null | undefined,
    ) => {
      if (!(await tracking.guideHasPoi(guide_token, poi_token)))
        throw new NotFoundError(`No POI "${poi_token}" in guide "${guide_token}"`);
      await tracking.record({ kind: `poi-${kind}`, guide_token, poi_token, language });
    };
    const poiPair = { guide_token: tokenParam, poi_token: tokenParam, language };

    app.post(
      '/track_poi/',
      {
        schema: {
          summary: 'Record a play or a view of one POI (SPEC §7), apart from visits',
          description:
            'play: its audio was started; view: its detail was opened; direct-visit: it was ' +
            'opened from its own link (/guide/{token}/{poiToken}). Stored as poi-{kind}.',
          tags: ['tracking'],
          body: z.object({ ...poiPair, kind: z.enum(['play', 'view', 'direct-visit']) }).strict(),
          response: { 201: ok, 400: errorSchema, 404: errorSchema },
        },
      },
      async (req, reply) => {
        const { guide_token, poi_token, language, kind } = req.body;
        await recordPoi(kind, guide_token, poi_token, language);
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
