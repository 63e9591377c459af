import { z } from 'zod';
import { guideSummarySchema } from './api.js';
import { ALPHABET } from '../constants.js';
import { boundedIntParam, idParam, placeParam } from './param-schemas.js';
import { MAX_ID } from './params.js';
import {
  CATALOGUE_ORDERS,
  CATALOGUE_SEARCH_MAX,
  CATALOGUE_SEARCH_MAX_LENGTH,
  CATALOGUE_SEARCH_MIN,
  DEFAULT_CATALOGUE_ORDER,
  TOURS_PAGE_SIZE,
  decodeCursor,
  type CatalogueCursor,
} from '../app/catalogue.js';

/** Queries and answers of the large catalogue's calls (docs/scale-out.md §3). */

const CONTROL = /\p{Cc}/u;
export const catalogueOrderParam = z.enum(CATALOGUE_ORDERS).default(DEFAULT_CATALOGUE_ORDER);

/** An opaque page cursor, decoded (a value `encodeCursor` did not make answers 400). */
export const cursorParam = z.string().transform((s, ctx): CatalogueCursor => {
  const cursor = decodeCursor(s);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: 'after is not a cursor this server gave' });
    return z.NEVER;
  }
  return cursor;
});

/** A state's name as the list shows it (any case; spaces allowed, control characters not). */
export const stateFilterParam = z
  .string()
  .min(1)
  .max(120)
  .refine((s) => !CONTROL.test(s), 'Control characters are not allowed');

export const toursPageQuerySchema = z
  .object({
    after: cursorParam.optional(),
    limit: boundedIntParam(1, TOURS_PAGE_SIZE, `limit is from 1 to ${TOURS_PAGE_SIZE}`).optional(),
    order: catalogueOrderParam,
    state: stateFilterParam.optional(),
    city_id: idParam.optional(),
    from: z.enum(ALPHABET as [string, ...string[]]).optional(),
  })
  .strict()
  .refine((q) => !q.after || q.after.order === q.order, {
    message: 'after belongs to another order',
    path: ['after'],
  });
export type ToursPageQuery = z.infer<typeof toursPageQuerySchema>;

export const toursPageSchema = z.object({
  guides: z.array(guideSummarySchema),
  /** Cursor of the next page (pass as `after` with the same order and filters); null at the end. */
  next: z.string().nullable(),
  /** Published guides matching the filters (all pages). */
  total: z.number(),
});
export type ToursPage = z.infer<typeof toursPageSchema>;

export const toursLettersQuerySchema = z.object({ order: catalogueOrderParam }).strict();
export const toursLettersSchema = z.object({ letters: z.array(z.string()) });
export type ToursLetters = z.infer<typeof toursLettersSchema>;

export const toursSearchQuerySchema = z
  .object({
    q: z
      .string()
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .pipe(
        z
          .string()
          .min(CATALOGUE_SEARCH_MIN, `A search needs at least ${CATALOGUE_SEARCH_MIN} characters`)
          .max(CATALOGUE_SEARCH_MAX_LENGTH)
          .refine((s) => !CONTROL.test(s), 'Control characters are not allowed'),
      ),
    limit: boundedIntParam(
      1,
      CATALOGUE_SEARCH_MAX,
      `limit is from 1 to ${CATALOGUE_SEARCH_MAX}`,
    ).optional(),
    /** Only guides of this state (any case), as a state page lists them. */
    state: stateFilterParam.optional(),
    /** Only guides of the cities of this name (any case, any state), as a city page lists them. */
    city: placeParam.optional(),
  })
  .strict();
export type ToursSearchQuery = z.infer<typeof toursSearchQuerySchema>;

export const toursSearchSchema = z.object({
  /** Best match first, at most `limit` (30). */
  guides: z.array(guideSummarySchema),
  /** How many published guides match in all. */
  total: z.number(),
});
export type ToursSearch = z.infer<typeof toursSearchSchema>;

const num = (min: number, max: number) => z.coerce.number().min(min).max(max);
/** `bbox=w,s,e,n` in degrees; longitudes outside ±180 (a map panned round) are clamped. */
export const bboxParam = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const parts = s.split(',');
    const parsed = z
      .tuple([num(-1000, 1000), num(-90, 90), num(-1000, 1000), num(-90, 90)])
      .safeParse(parts.map((p) => (p.trim() === '' ? NaN : Number(p))));
    if (!parsed.success || parts.length !== 4) {
      ctx.addIssue({ code: 'custom', message: 'bbox is west,south,east,north in degrees' });
      return z.NEVER;
    }
    const [w, south, e, n] = parsed.data;
    return { w, s: south, e, n };
  });

export const clustersQuerySchema = z
  .object({ bbox: bboxParam, zoom: boundedIntParam(0, 22, 'zoom is from 0 to 22') })
  .strict();

export const clusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number(),
  /** The guide's token when the cluster is one guide. */
  token: z.string().optional(),
});
export const clustersSchema = z.object({ clusters: z.array(clusterSchema) });
export type GuideCluster = z.infer<typeof clusterSchema>;
export type GuideClusters = z.infer<typeof clustersSchema>;

/** A sitemap page number in `/sitemap-guides-<n>.xml`. */
export const sitemapPageParam = boundedIntParam(
  1,
  Math.floor(MAX_ID / 50_000),
  'No such sitemap page',
);
