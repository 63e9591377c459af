import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  citySchema,
  errorSchema,
  guideDetailSchema,
  guideSummarySchema,
  guideSummaryTableSchema,
  idParam,
  poiSchema,
  themeResponseSchema,
  tokenParam,
  guideTokenFromPath,
  placeParam,
  CITY_LIST_MAX,
  NEARBY_DEFAULT_LIMIT,
} from '@earshot/core';
import type { ContentService } from './service.js';
import { visibilityOf } from './visibility.js';
import type { ContentRepository } from './repository.js';
import { nextLink, type CatalogueService, type FirstPage } from '../catalogue/service.js';

const errors = { 400: errorSchema, 404: errorSchema };
const lang = z
  .string()
  .regex(/^[A-Za-z-]{2,12}$/)
  .optional();
/** A guide token; a trailing encoded space is stripped first (SPEC §2). */
const guideToken = z.string().transform(guideTokenFromPath).pipe(tokenParam);

export const contentRoutes =
  (
    service: ContentService,
    repo: ContentRepository,
    catalogue: CatalogueService,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /** A large list answers its first page; the headers say how many and where the rest is. */
    const firstPage = (
      reply: { header: (k: string, v: string) => unknown },
      page: FirstPage,
      params: Record<string, string> = {},
    ) => {
      reply.header('x-total-count', String(page.total));
      const link = nextLink(page.next, params);
      if (link) reply.header('link', link);
      return page.guides;
    };

    app.get(
      '/tours',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'All guides, or with lat and lng the nearest ones (distance in km); above 2,000 guides the first page (X-Total-Count, Link to tours/page)',
          tags: ['guides'],
          querystring: z
            .object({
              lat: z.coerce.number().min(-90).max(90).optional(),
              lng: z.coerce.number().min(-180).max(180).optional(),
              limit: z.coerce.number().int().min(1).max(1000).optional(),
            })
            .strict()
            .refine(
              (q) => (q.lat === undefined) === (q.lng === undefined),
              'lat and lng go together',
            ),
          response: { 200: z.array(guideSummarySchema), ...errors },
        },
      },
      async (req, reply) => {
        const { lat, lng, limit } = req.query;
        const { large } = await catalogue.isLarge();
        if (!large) return service.listTours(req.query);
        if (lat !== undefined && lng !== undefined)
          return catalogue.nearest(lat, lng, limit ?? NEARBY_DEFAULT_LIMIT);
        return firstPage(reply, (await catalogue.firstPageIfLarge())!);
      },
    );

    app.get(
      '/tour-by-token/:token',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'One guide with its city, POIs (also as locations), layers, badges, radii and images',
          tags: ['guides'],
          params: z.object({ token: guideToken }),
          querystring: z.object({ lang }).strict(),
          response: { 200: guideDetailSchema, ...errors },
        },
      },
      async (req) => service.tourByToken(req.params.token, req.query.lang),
    );

    app.get(
      '/guide-summary',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'Guide summary table: token → num_pois, lat, lng (for the world map); above 2,000 guides empty with X-Total-Count (ask guide-summary/clusters)',
          tags: ['guides'],
          response: { 200: guideSummaryTableSchema },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        const { large, total } = await catalogue.isLarge();
        if (!large) return service.summaryTable();
        reply.header('x-total-count', String(total));
        return {};
      },
    );

    app.get(
      '/cities',
      {
        config: { contentCache: true },
        schema: {
          summary: 'All cities, optionally filtered by name or state (any case)',
          tags: ['guides'],
          querystring: z
            .object({ name: placeParam.optional(), state: placeParam.optional() })
            .strict(),
          response: { 200: z.array(citySchema), ...errors },
        },
      },
      async (req) => repo.cities(req.query, CITY_LIST_MAX),
    );

    app.get(
      '/city/:id/tours',
      {
        config: { contentCache: true },
        schema: {
          summary:
            'Guides of one city; above 2,000 the first page (X-Total-Count, Link to tours/page?city_id=)',
          tags: ['guides'],
          params: z.object({ id: idParam }),
          response: { 200: z.array(guideSummarySchema), ...errors },
        },
      },
      async (req, reply) => {
        const cityId = req.params.id;
        const page = await catalogue.firstPageIfLarge({ cityId });
        if (!page) return service.cityTours(cityId);
        return firstPage(reply, page, { city_id: String(cityId) });
      },
    );

    app.get(
      '/guides/:token/theme',
      {
        config: { contentCache: true },
        schema: {
          summary: "A guide's theme: colours and CSS classes",
          tags: ['guides'],
          params: z.object({ token: guideToken }),
          response: { 200: themeResponseSchema, ...errors },
        },
      },
      async (req) => service.theme(req.params.token),
    );

    app.get(
      '/pois_by_token/:token',
      {
        config: { contentCache: true },
        schema: {
          summary: 'One POI by token',
          tags: ['pois'],
          params: z.object({ token: tokenParam }),
          querystring: z.object({ lang }).strict(),
          response: { 200: poiSchema, ...errors },
        },
      },
      async (req) => service.poiByToken(req.params.token, req.query.lang, visibilityOf(req)),
    );
  };
