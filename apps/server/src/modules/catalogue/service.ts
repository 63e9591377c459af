import {
  alphabetLetters,
  CATALOGUE_SEARCH_MAX,
  clusterGrid,
  distanceKm,
  encodeCursor,
  FULL_LIST_MAX,
  TOURS_PAGE_SIZE,
  type CatalogueCursor,
  type CatalogueOrder,
  type GuideClusters,
  type GuideSummary,
  type ToursPage,
  type ToursSearch,
} from '@earshot/core';
import { toGuideSummary, type GuideRow } from '../content/serialize.js';
import type { CatalogueRepository, KeyedRow, PlaceFilter } from './repository.js';
import type { SearchPlace } from './search-repository.js';

type Summaries = (rows: GuideRow[]) => Promise<GuideSummary[]>;

/** The first page a large list answers with, and the link to the rest. */
export type FirstPage = { guides: GuideSummary[]; total: number; next: string | null };

const cursorOf = (order: CatalogueOrder, r: KeyedRow): CatalogueCursor => {
  const place = order.startsWith('city') ? [r.name_key, r.state_key] : [r.state_key, r.name_key];
  return { order, keys: [place[0]!, place[1]!, r.city_id, r.title_key, r.id] };
};

/** Link header value of the next page, or null at the end. */
export function nextLink(next: string | null, params: Record<string, string> = {}): string | null {
  if (!next) return null;
  const query = new URLSearchParams({ ...params, after: next });
  return `</api/v1/tours/page?${query.toString()}>; rel="next"`;
}

/** Rules of the large catalogue (docs/scale-out.md §3): when to page, pages, search, clusters. */
export function catalogueService(repo: CatalogueRepository, summaries: Summaries) {
  async function page(
    q: {
      order: CatalogueOrder;
      after?: CatalogueCursor;
      from?: string;
      limit?: number;
    } & PlaceFilter,
  ): Promise<ToursPage> {
    const limit = q.limit ?? TOURS_PAGE_SIZE;
    const filter = { state: q.state, cityId: q.cityId };
    // One row more than asked says whether a next page exists.
    const [rows, total] = await Promise.all([
      repo.page(q.order, { after: q.after, from: q.after ? undefined : q.from }, limit + 1, filter),
      repo.count(filter),
    ]);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      guides: await summaries(shown),
      next: rows.length > limit && last ? encodeCursor(cursorOf(q.order, last)) : null,
      total,
    };
  }

  return {
    page,

    /** Null while the catalogue (or the filtered part) is small: the caller answers as before. */
    async firstPageIfLarge(filter: PlaceFilter = {}): Promise<FirstPage | null> {
      const total = await repo.count(filter);
      if (total <= FULL_LIST_MAX) return null;
      return page({ order: 'state', ...filter });
    },

    async letters(order: CatalogueOrder): Promise<string[]> {
      // Only plain a–z initials: keys sort as bytes, so an accented initial sorts after z and
      // the alphabet bar's jump (`from`) could not reach it under its letter.
      return alphabetLetters((await repo.initials(order)).filter((c) => /^[a-z]$/.test(c)));
    },

    async search(
      q: string,
      limit = CATALOGUE_SEARCH_MAX,
      place: SearchPlace = {},
    ): Promise<ToursSearch> {
      // One round trip: the ranking, the page's rows and their languages (search-repository.ts).
      const { hits, total } = await repo.search(q, limit, place);
      return { guides: hits.map((h) => toGuideSummary(h.row, h.languages)), total };
    },

    async isLarge(): Promise<{ large: boolean; total: number }> {
      const total = await repo.count();
      return { large: total > FULL_LIST_MAX, total };
    },

    async clusters(
      view: { w: number; s: number; e: number; n: number },
      zoom: number,
    ): Promise<GuideClusters> {
      const grid = clusterGrid(view, zoom);
      if (!grid) return { clusters: [] };
      const cells = await repo.clusters(grid.bbox, grid.cell);
      return {
        clusters: cells.map((c) =>
          c.count === 1
            ? { lat: c.lat, lng: c.lng, count: 1, token: c.token }
            : { lat: c.lat, lng: c.lng, count: c.count },
        ),
      };
    },

    /** The `limit` nearest guides without reading the whole catalogue. */
    async nearest(lat: number, lng: number, limit: number): Promise<GuideSummary[]> {
      // The flat-earth order is close to the great-circle one nearby: take spares, sort exactly.
      const rows = await repo.nearest(lat, lng, limit * 3 + 20);
      const here = { lat, lng };
      const list = (await summaries(rows)).map((g) => ({
        ...g,
        distance: distanceKm(here, g.center!),
      }));
      return list.sort((a, b) => a.distance - b.distance).slice(0, limit);
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
