import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SERVER_SEARCH_MIN } from '@earshot/core';
import { searchTours } from '../api/get-tours-page';
import type { ListScope } from '../store';
import type { GuideSearch } from './use-guide-search';

/** A query too short for the server's search (SPEC §9 minimum match length). */
export type ServerSearch = GuideSearch & { tooShort?: boolean; error?: string };

/**
 * A large catalogue's search (docs/scale-out.md §3): each keystroke asks `GET tours/search`
 * (of the page's state or city, which the server filters before it ranks),
 * as the worker's search answered each keystroke; the request of a query typed over is
 * aborted (TanStack Query aborts the signal of a query no one watches any more). While a new
 * query runs, the last answer stays on screen, ranked as the server sent it.
 */
export function useServerSearch(query: string, scope?: ListScope): ServerSearch | null {
  const q = query.trim();
  const enabled = q.length >= SERVER_SEARCH_MIN;
  const found = useQuery({
    queryKey: ['tours', 'search', q, scope?.kind, scope?.value],
    queryFn: async ({ signal }) => ({ query: q, guides: await searchTours(q, scope, signal) }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  if (q === '') return null;
  if (!enabled) return { query: q, guides: [], tooShort: true };
  if (found.isError && !found.data) return { query: q, guides: [], error: found.error.message };
  return found.data ?? { query: q, guides: undefined };
}
