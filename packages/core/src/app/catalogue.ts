import { ALPHABET } from '../constants.js';

/*
 * The large catalogue (docs/scale-out.md §3): above FULL_LIST_MAX guides the client no longer holds
 * the list; the server pages it (keyset cursors), searches it and clusters the world map. Plain
 * rules here (no zod, so list chunks stay small); schemas in catalogue-schemas.ts.
 */

/** A catalogue of at most this many published guides is small: the SPEC calls answer as before. */
export const FULL_LIST_MAX = 2000;
/** Guides in one page of `tours/page` (and the first page `tours` answers when large). */
export const TOURS_PAGE_SIZE = 200;
/** Results of `tours/search` (SPEC §9 max results). */
export const CATALOGUE_SEARCH_MAX = 30;
/** Shortest `tours/search` query (SPEC §9 minimum match length). */
export const CATALOGUE_SEARCH_MIN = 3;
/** Longest `tours/search` query. */
export const CATALOGUE_SEARCH_MAX_LENGTH = 100;
/**
 * `tours/search` counts its matches up to this many (`total`: exact below it, "at least" at it;
 * the list shows 30 at most): a keystroke's work stays bounded whatever the catalogue holds.
 */
export const CATALOGUE_SEARCH_TOTAL_MAX = 300;

/**
 * The words of a search for a word-prefix index (PostgreSQL full text): lower case, letters and
 * digits only, at most 8; each matches words starting with it, so every keystroke narrows.
 */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** Upper bound of clusters in one `guide-summary/clusters` answer. */
export const CLUSTERS_MAX = 500;
/** URLs in one sitemap file (sitemaps.org limit). */
export const SITEMAP_URLS_MAX = 50_000;
/** Bound of `GET cities` (a list of places, never a list of guides). */
export const CITY_LIST_MAX = 10_000;

export const CATALOGUE_ORDERS = ['state', 'state-desc', 'city', 'city-desc'] as const;
export type CatalogueOrder = (typeof CATALOGUE_ORDERS)[number];
export const DEFAULT_CATALOGUE_ORDER: CatalogueOrder = 'state';

/** Which group key leads an order, and its direction (titles always ascend inside a city). */
export function orderParts(order: CatalogueOrder): { by: 'state' | 'city'; ascending: boolean } {
  return { by: order.startsWith('city') ? 'city' : 'state', ascending: !order.endsWith('-desc') };
}

/**
 * Where a page starts: the keys of the last guide of the page before, in the order's key order
 * (group key, other place key, city id, title key, guide id). Keys are the lower-cased names
 * the database sorts by (cities.state_key, cities.name_key, lower(guides.title)).
 */
export type CatalogueCursor = {
  order: CatalogueOrder;
  keys: [lead: string, second: string, cityId: number, title: string, id: number];
};

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An opaque URL-safe cursor (base64url of JSON). */
export function encodeCursor(cursor: CatalogueCursor): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify([cursor.order, ...cursor.keys])));
}

const CURSOR_MAX_LENGTH = 2000;
const MAX_INT = 2_147_483_647;
const isId = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_INT;
const isKey = (s: unknown): s is string => typeof s === 'string' && s.length <= 400;

/** The cursor `encodeCursor` made, or null for anything else (a client's made-up value). */
export function decodeCursor(text: string): CatalogueCursor | null {
  if (!text || text.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!Array.isArray(value) || value.length !== 6) return null;
    const [order, lead, second, cityId, title, id] = value as unknown[];
    if (!(CATALOGUE_ORDERS as readonly unknown[]).includes(order)) return null;
    if (!isKey(lead) || !isKey(second) || !isKey(title) || !isId(cityId) || !isId(id)) return null;
    return { order: order as CatalogueOrder, keys: [lead, second, cityId, title, id] };
  } catch {
    return null;
  }
}

/** The first letter of a place name for the alphabet bar: accents dropped, lower case. */
export function placeInitial(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toLowerCase();
}

/** The alphabet bar's letters among the given initials, in alphabet order. */
export function alphabetLetters(initials: Iterable<string>): string[] {
  const have = new Set([...initials].map(placeInitial));
  return ALPHABET.filter((l) => have.has(l));
}

/** A map view: west, south, east, north in degrees. */
export type Bbox = { w: number; s: number; e: number; n: number };

/** Grid cells per 256-px map tile: a cluster stands for about 64 × 64 px of map. */
export const CELLS_PER_TILE = 4;

/**
 * The grid a clusters answer uses: the view clamped to the world, and the cell size in degrees
 * (360 / 2^zoom / CELLS_PER_TILE, doubled until the view holds at most CLUSTERS_MAX cells), so
 * cells are fixed for a zoom (panning keeps clusters in place). Null for an empty view.
 */
export function clusterGrid(
  view: Bbox,
  zoom: number,
  maxCells = CLUSTERS_MAX,
): { bbox: Bbox; cell: number } | null {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const bbox = {
    w: clamp(view.w, -180, 180),
    e: clamp(view.e, -180, 180),
    s: clamp(view.s, -90, 90),
    n: clamp(view.n, -90, 90),
  };
  if (!(bbox.w < bbox.e && bbox.s < bbox.n)) return null;
  const z = clamp(Math.floor(zoom), 0, 22);
  let cell = 360 / 2 ** z / CELLS_PER_TILE;
  const cells = (c: number) =>
    (Math.floor(bbox.e / c) - Math.floor(bbox.w / c) + 1) *
    (Math.floor(bbox.n / c) - Math.floor(bbox.s / c) + 1);
  while (cells(cell) > maxCells) cell *= 2;
  return { bbox, cell };
}

/** The grid cell of a point (column, row), cells anchored at 0°/0° so they never move. */
export function cellOf(lat: number, lng: number, cell: number): [number, number] {
  return [Math.floor(lng / cell), Math.floor(lat / cell)];
}

/** Sitemap files needed for guide ids up to `maxId` (each holds ids of one 50,000 block). */
export function sitemapPages(maxId: number): number {
  return Math.max(1, Math.ceil(maxId / SITEMAP_URLS_MAX));
}

/** The guide id range `[first, last]` of sitemap page `n` (1-based). */
export function sitemapIdRange(n: number): [number, number] {
  return [(n - 1) * SITEMAP_URLS_MAX + 1, n * SITEMAP_URLS_MAX];
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text escaped for an XML element or attribute. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}
