import { queryOptions } from '@tanstack/react-query';
import type { GuideSummary } from '@earshot/core';
import { apiGet, incompatibleAnswer } from '../../../shared/api/client';
import { parseTours } from './get-tours';
import type { ListScope } from '../store';

/** One page of a large catalogue's list (`GET tours/page`, docs/scale-out.md §3). */
export type ToursPage = { guides: GuideSummary[]; next: string | null; total: number };

/** The same light check as the first page's (docs/decisions/0003), plus the cursor and total. */
export function parseToursPage(data: unknown): ToursPage {
  const d = data as Partial<ToursPage> | null;
  if (typeof d?.total !== 'number' || !(d.next === null || typeof d.next === 'string'))
    throw incompatibleAnswer();
  return { guides: parseTours(d.guides), next: d.next, total: d.total };
}

/** `path` from core's `toursPagePath`. */
export const getToursPage = (path: string, signal?: AbortSignal) =>
  apiGet(path, parseToursPage, signal);

/** `GET tours/letters?order=`: the letters the alphabet bar can jump to in this order. */
export const getTourLetters = (order: string, signal?: AbortSignal) =>
  apiGet(
    `tours/letters?order=${encodeURIComponent(order)}`,
    (data) => {
      const letters = (data as { letters?: unknown } | null)?.letters;
      if (!Array.isArray(letters) || !letters.every((l) => typeof l === 'string'))
        throw incompatibleAnswer();
      return new Set(letters.map((l: string) => l.toLowerCase()));
    },
    signal,
  );

/** The alphabet bar's letters in a large catalogue's list `order` (core catalogueOrder). */
export const lettersQueryOptions = (order: string) =>
  queryOptions({
    queryKey: ['tours', 'letters', order],
    queryFn: ({ signal }) => getTourLetters(order, signal),
    staleTime: 60 * 60_000,
  });

/**
 * `GET tours/search?q=`: at most 30 guides, best first, ranked by the server; on a state or
 * city page, of that state or of the cities of that name (`state=`, `city=`).
 */
export const searchTours = (query: string, scope: ListScope | undefined, signal?: AbortSignal) =>
  apiGet(
    `tours/search?q=${encodeURIComponent(query)}${
      scope ? `&${scope.kind}=${encodeURIComponent(scope.value)}` : ''
    }`,
    (data) => {
      const d = data as { guides?: unknown; total?: unknown } | null;
      if (typeof d?.total !== 'number') throw incompatibleAnswer();
      return parseTours(d.guides);
    },
    signal,
  );
