import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clustersQuerySchema,
  clustersSchema,
  errorSchema,
  toursLettersQuerySchema,
  toursLettersSchema,
  toursPageQuerySchema,
  toursPageSchema,
  toursSearchQuerySchema,
  toursSearchSchema,
} from '@earshot/core';
import type { CatalogueService } from './service.js';

const errors = { 400: errorSchema };

/** The large catalogue's calls under /api/v1 (docs/scale-out.md §3), content-cached. */
export const catalogueRoutes =
  (service: CatalogueService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tours/page',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'One page of the guide list in an order (keyset cursor `after`, or `from` a letter), optionally of one state or city',
          tags: ['guides'],
          querystring: toursPageQuerySchema,
          response: { 200: toursPageSchema, ...errors },
        },
      },
      async (req) => {
        const { city_id, ...q } = req.query;
        return service.page({ ...q, cityId: city_id });
      },
    );

    app.get(
      '/tours/letters',
      {
        config: { contentCache: true },
        schema: {
          summary: "The alphabet bar's letters that have groups in an order",
          tags: ['guides'],
          querystring: toursLettersQuerySchema,
          response: { 200: toursLettersSchema, ...errors },
        },
      },
      async (req) => ({ letters: await service.letters(req.query.order) }),
    );

    app.get(
      '/tours/search',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'Guides matching a search (title, city, description), best first, at most 30; at least 3 characters; optionally of one state or of the cities of one name',
          tags: ['guides'],
          querystring: toursSearchQuerySchema,
          response: { 200: toursSearchSchema, ...errors },
        },
      },
      async (req) => {
        const { q, limit, state, city } = req.query;
        return service.search(q, limit, { state, city });
      },
    );

    app.get(
      '/guide-summary/clusters',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'Published guides of a map view grouped in grid cells (a token where a cell holds one guide)',
          tags: ['guides'],
          querystring: clustersQuerySchema,
          response: { 200: clustersSchema, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return service.clusters(req.query.bbox, req.query.zoom);
      },
    );
  };
