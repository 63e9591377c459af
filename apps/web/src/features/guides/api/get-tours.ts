import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuideSummary } from '@earshot/core';
import { apiGet, incompatibleAnswer } from '../../../shared/api/client';

/**
 * The home route's own light check of the tours list: the server has already validated it
 * against the core schema on the way out, and zod would add ~30 KB to the first load
 * (docs/decisions/0003).
 */
export function parseTours(data: unknown): GuideSummary[] {
  // Every field the list, search and dialog read without a further check.
  const ok =
    Array.isArray(data) &&
    data.every(
      (g: Partial<GuideSummary> | null) =>
        typeof g?.token === 'string' &&
        typeof g.title === 'string' &&
        typeof g.description === 'string' &&
        typeof g.num_pois === 'number' &&
        typeof g.city?.id === 'number' &&
        typeof g.city.name === 'string' &&
        typeof g.city.state === 'string' &&
        Array.isArray(g.images) &&
        Array.isArray(g.languages),
    );
  if (!ok) throw incompatibleAnswer();
  return data as GuideSummary[];
}

/**
 * A large catalogue (docs/scale-out.md §3): `GET tours` answered its first page only, with
 * `X-Total-Count` and a `Link` to the next page; `large` holds those headers, and the list
 * pages (large-list.tsx, loaded only then, reads them). Kept this small: it is in the entry.
 */
export type ToursAnswer = { guides: GuideSummary[]; large: Headers | null };

export const readTours = (data: unknown, headers?: Headers): ToursAnswer => ({
  guides: parseTours(data),
  large: headers?.has('x-total-count') ? headers : null,
});

export const getTours = (signal?: AbortSignal) => apiGet('tours', readTours, signal);

export const toursQueryOptions = () =>
  queryOptions({ queryKey: ['tours'], queryFn: ({ signal }) => getTours(signal) });

/** `enabled` false: a page that brings its own guides (the guide list test) fetches none. */
export const useTours = (enabled = true) => useQuery({ ...toursQueryOptions(), enabled });
