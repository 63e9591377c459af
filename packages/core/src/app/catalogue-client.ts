import { FUSE_BASE, WORLD_MAP_CENTRE } from '../constants.js';
import { worldPixel } from '../util/geo.js';
import type { CityGroup, ListSort } from './guide-list.js';

/**
 * The web app's rules for a large catalogue (docs/scale-out.md §3): above FULL_LIST_MAX guides
 * the server pages the home list, searches and clusters the world map, and the client asks
 * for what is on screen. Pure functions, so the paging, the map's requests and the grouping of
 * pages are tested here.
 */

/** The `order=` of `tours/page` and `tours/letters` for the list's sort (State/City, asc/desc). */
export function catalogueOrder(sort: ListSort): string {
  return sort.ascending ? sort.by : `${sort.by}-desc`;
}

/**
 * The order of the first page `GET tours` answers in a large catalogue (state, city, title
 * ascending): the list opens in this order there, so the page the shell preloads is used as it is.
 */
export const FIRST_PAGE_SORT: ListSort = { by: 'state', ascending: true };

/** The `next` cursor of a `Link: <…/tours/page?after=CURSOR>; rel="next"` header, or null. */
export function nextCursorFromLink(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]*)>\s*;\s*rel="?next"?/i.exec(part);
    if (!m) continue;
    const query = m[1]!.split('?')[1] ?? '';
    const after = new URLSearchParams(query).get('after');
    if (after) return after;
  }
  return null;
}

/** `X-Total-Count` as a count, or null when absent or not a whole number ≥ 0. */
export function totalFromHeader(value: string | null | undefined): number | null {
  if (value == null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

type PageQuery = {
  sort: ListSort;
  /** A cursor from the previous page. */
  after?: string | null;
  /** The alphabet bar's letter. */
  from?: string | null;
  state?: string;
  cityId?: number;
  limit?: number;
};

/** The path (under /api/v1/) of one page of the list. */
export function toursPagePath(q: PageQuery): string {
  const p = new URLSearchParams();
  if (q.after) p.set('after', q.after);
  if (q.limit) p.set('limit', String(q.limit));
  p.set('order', catalogueOrder(q.sort));
  if (q.state) p.set('state', q.state);
  if (q.cityId !== undefined) p.set('city_id', String(q.cityId));
  if (q.from) p.set('from', q.from);
  return `tours/page?${p}`;
}

type ListedGuide = { title: string; city: { id: number; name: string; state: string } };

/**
 * Groups the guides of the pages loaded so far by city, in the server's order (each city's
 * guides arrive together, possibly across pages). While more pages follow (`complete` false),
 * the last city may still be cut short: it is held back, so every count shown is whole.
 */
export function groupPages<G extends ListedGuide>(
  guides: readonly G[],
  complete: boolean,
): CityGroup<G>[] {
  const groups: CityGroup<G>[] = [];
  let last: CityGroup<G> | undefined;
  for (const g of guides) {
    if (last?.cityId !== g.city.id) {
      last = {
        key: `city-${g.city.id}`,
        cityId: g.city.id,
        city: g.city.name,
        state: g.city.state,
        guides: [],
      };
      groups.push(last);
    }
    last.guides.push(g);
  }
  if (!complete) groups.pop();
  return groups;
}

export type MapView = { west: number; south: number; east: number; north: number };

/**
 * The box the world map asks clusters for: the view widened to whole grid cells of its zoom
 * (a quarter of a tile's width), so that small moves ask the same URL again (answered from
 * the server's and the device's caches) and the markers at the edges are in.
 * Longitudes are clamped to one world (-180…180), latitudes to the map's (±85.0511).
 */
export function clusterBbox(view: MapView, zoom: number): MapView {
  const cell = 360 / 2 ** (Math.max(0, Math.round(zoom)) + 2);
  const down = (v: number) => Math.floor(v / cell) * cell;
  const up = (v: number) => Math.ceil(v / cell) * cell;
  const lat = (v: number) => Math.max(-85.0511, Math.min(85.0511, v));
  const lng = (v: number) => Math.max(-180, Math.min(180, v));
  const wide = view.east - view.west >= 360;
  return {
    west: wide ? -180 : lng(down(view.west)),
    south: lat(down(view.south)),
    east: wide ? 180 : lng(up(view.east)),
    north: lat(up(view.north)),
  };
}

const fixed = (v: number) => String(Math.round(v * 1e6) / 1e6);

/** The path (under /api/v1/) of the clusters of a box at a zoom. */
export function clustersPath(box: MapView, zoom: number): string {
  const bbox = [box.west, box.south, box.east, box.north].map(fixed).join(',');
  return `guide-summary/clusters?bbox=${bbox}&zoom=${Math.max(0, Math.round(zoom))}`;
}

/** The zoom a tap on a cluster goes to: two levels in, at most the map's last. */
export function clusterZoomIn(zoom: number, maxZoom = 18): number {
  return Math.min(maxZoom, Math.round(zoom) + 2);
}

/** How the world map names a cluster for screen readers. */
export function clusterLabel(count: number): string {
  return count === 1 ? '1 guide here' : `${count.toLocaleString('en')} guides in this area`;
}

/** Server search answers queries from this many characters (SPEC §9 minimum match length). */
export const SERVER_SEARCH_MIN = FUSE_BASE.minMatchCharLength;

/**
 * Whether the service worker keeps an API answer for offline use. A large catalogue's
 * search is asked at every keystroke: its answers would pile up without end, and a search
 * typed offline cannot be answered from them anyway (the list says it is offline). Pages,
 * letters and the map's clusters (whose boxes snap to a grid, so their URLs repeat) are kept
 * like every other read.
 */
export function keepsApiAnswer(pathname: string): boolean {
  return !pathname.startsWith('/api/v1/tours/search');
}

type Placed = {
  x: number;
  y: number;
  lat: number;
  lng: number;
  count: number;
  token?: string | null;
};

/**
 * Clusters of neighbouring grid cells can sit side by side on screen (each at the middle of
 * its guides, near the shared edge): those closer than `minPx` are drawn as one, at the
 * count-weighted middle, holding the sum (a tap zooms in and parts them). Greedy, biggest
 * first; the server sends at most 500.
 */
export function mergeNearClusters<C extends Placed>(
  clusters: readonly C[],
  minPx: number,
): Placed[] {
  const out: Placed[] = [];
  for (const c of [...clusters].sort((a, b) => b.count - a.count)) {
    const near = out.find((o) => Math.hypot(o.x - c.x, o.y - c.y) < minPx);
    if (!near) {
      out.push({ ...c });
      continue;
    }
    const n = near.count + c.count;
    near.lat = (near.lat * near.count + c.lat * c.count) / n;
    near.lng = (near.lng * near.count + c.lng * c.count) / n;
    near.count = n;
    near.token = undefined;
  }
  return out;
}

/** The box of the map's opening clusters: the whole world, whatever the screen's size. */
export const OPENING_CLUSTERS_BOX: MapView = {
  west: -180,
  south: -85.0511,
  east: 180,
  north: 85.0511,
};

/** Discs closer than this on screen are drawn as one (the disc's width). */
export const CLUSTER_MERGE_PX = 44;

/** What a cluster's disc says: its count, in thousands from 10,000 on. */
export const clusterCountText = (count: number) =>
  count > 9999 ? `${Math.round(count / 1000)}k` : String(count);

/** A marker of the map's opening: its offset from the map's middle (px), and what it holds. */
export type OpeningMarker = { x: number; y: number; count: number; token: string | null };

/**
 * The markers the world map draws first in a large catalogue (the opening clusters at the
 * opening view), as offsets from the map's middle: the page's HTML draws them where the map
 * then draws its own, before the map's code has arrived. Merged as the map merges them.
 */
export function openingMarkers(
  clusters: readonly { lat: number; lng: number; count: number; token?: string | null }[],
  zoom: number,
  centre: { lat: number; lng: number } = WORLD_MAP_CENTRE,
): OpeningMarker[] {
  const middle = worldPixel(centre.lat, centre.lng, zoom);
  const placed = clusters.map((c) => {
    const p = worldPixel(c.lat, c.lng, zoom);
    return { ...c, x: Math.round(p.x), y: Math.round(p.y) };
  });
  return mergeNearClusters(placed, CLUSTER_MERGE_PX).map((c) => {
    const p = worldPixel(c.lat, c.lng, zoom);
    return {
      x: Math.round(p.x - middle.x),
      y: Math.round(p.y - middle.y),
      count: c.count,
      token: c.count === 1 ? (c.token ?? null) : null,
    };
  });
}
