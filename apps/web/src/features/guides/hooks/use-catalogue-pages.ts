import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  catalogueOrder,
  FIRST_PAGE_SORT,
  nextCursorFromLink,
  toursPagePath,
  type City,
  type GuideSummary,
  type ListSort,
} from '@earshot/core';
import { apiGet, incompatibleAnswer } from '../../../shared/api/client';
import { getToursPage, type ToursPage } from '../api/get-tours-page';
import type { ListScope } from '../store';

/** What one run of pages lists: every guide, one state's, or one city's (by its id). */
type Source = { state?: string; cityId?: number };
type Page = ToursPage & { source: number };
type Param = { source: number; after: string | null };

/** The cities of a name (any case, spaces and all: "San Francisco"), one per state. */
const citiesNamed = (name: string, signal?: AbortSignal) =>
  apiGet(
    `cities?name=${encodeURIComponent(name)}`,
    (data) => {
      if (!Array.isArray(data)) throw incompatibleAnswer();
      const want = name.toLowerCase();
      return (data as City[]).filter((c) => c.name.toLowerCase() === want);
    },
    signal,
  );

/** The first pages of the later sources, fetched with the first so the total is known at once. */
const firstPages = new Map<string, Promise<ToursPage>>();
const pagePath = (sort: ListSort, from: string | null, s: Source, after: string | null) =>
  toursPagePath({ sort, from, after, state: s.state, cityId: s.cityId });

/**
 * The pages of a large catalogue's list in the order of `sort`, from the alphabet bar's letter
 * `from`, loaded one after another as the visitor scrolls (keyset cursors, docs/scale-out.md §3).
 * A city page lists every city of that name (one run of pages each); the home list opens on
 * the page the shell preloaded when its order is the one asked.
 */
export function useCataloguePages({
  sort,
  from,
  scope,
  first,
}: {
  sort: ListSort;
  from: string | null;
  scope?: ListScope;
  first: { guides: GuideSummary[]; total: number; link: string | null };
}) {
  const cities = useQuery({
    queryKey: ['cities', 'name', scope?.value],
    queryFn: ({ signal }) => citiesNamed(scope!.value, signal),
    enabled: scope?.kind === 'city',
  });
  const sources: Source[] | undefined =
    scope?.kind === 'city'
      ? cities.data
          ?.toSorted((a, b) => a.state.localeCompare(b.state) * (sort.ascending ? 1 : -1))
          .map((c) => ({ cityId: c.id }))
      : scope?.kind === 'state'
        ? [{ state: scope.value }]
        : [{}];
  const order = catalogueOrder(sort);
  const opening = !scope && !from && order === catalogueOrder(FIRST_PAGE_SORT);

  const pages = useInfiniteQuery({
    queryKey: ['tours', 'pages', order, from, scope?.kind, scope?.value, sources],
    enabled: sources !== undefined && sources.length > 0,
    initialPageParam: { source: 0, after: null } as Param,
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      const list = sources!;
      const path = (i: number, after: string | null) => pagePath(sort, from, list[i]!, after);
      if (pageParam.after === null && pageParam.source === 0 && list.length > 1) {
        // Every city of the name at once: the count line needs all their totals.
        const all = list.map((_, i) => getToursPage(path(i, null), signal));
        all.forEach((p, i) => firstPages.set(path(i, null), p));
        const got = await Promise.all(all);
        return { ...got[0]!, total: got.reduce((n, p) => n + p.total, 0), source: 0 };
      }
      const key = path(pageParam.source, pageParam.after);
      const held = pageParam.after === null ? firstPages.get(key) : undefined;
      firstPages.delete(key);
      return { ...(await (held ?? getToursPage(key, signal))), source: pageParam.source };
    },
    getNextPageParam: (last): Param | undefined =>
      last.next
        ? { source: last.source, after: last.next }
        : sources && last.source + 1 < sources.length
          ? { source: last.source + 1, after: null }
          : undefined,
    initialData: opening
      ? {
          pages: [
            {
              guides: first.guides,
              next: nextCursorFromLink(first.link),
              total: first.total,
              source: 0,
            },
          ],
          pageParams: [{ source: 0, after: null }],
        }
      : undefined,
  });
  const noCity = scope?.kind === 'city' && cities.data?.length === 0;
  return { pages, cities, noCity };
}
