import type { GuideDetail } from './api.js';
import { MIN_SPLASH_TIME_MS } from './constants.js';

/** SPEC §7 asset caching: one Cache Storage cache per guide, `tour-{token}-{version}`. */
export const TOUR_CACHE_VERSION = 1;
export const tourCacheName = (token: string) => `tour-${token}-${TOUR_CACHE_VERSION}`;
const TOUR_CACHE = new RegExp(`^tour-(.+)-${TOUR_CACHE_VERSION}$`);
/** The guide token of a tour cache's name, or null for any other cache. */
export function tourCacheToken(name: string): string | null {
  return TOUR_CACHE.exec(name)?.[1] ?? null;
}

/**
 * Where a tour cache keeps what the Downloaded guides screen lists (title, size, date): a
 * path no screen or API uses, so the service worker never answers a request with it.
 */
export const TOUR_META_PATH = '/offline/tour.json';

/** Tiles of the guide's area: zoom levels a walk is looked at with, and how many at most. */
export const OFFLINE_TILE_ZOOMS = [13, 14, 15, 16, 17] as const;
export const OFFLINE_TILE_MAX = 1500;
/**
 * Around the guide's stops and route, per zoom: at 17 enough to see a stop's surroundings,
 * and wider as the tiles grow (each zoom out doubles it), so the map seen at the guide's
 * usual zooms is whole on a desktop screen too, for about the same tile count per zoom.
 */
export const OFFLINE_TILE_MARGIN_M = 400;
export const offlineTileMargin = (z: number) =>
  z >= 17 ? OFFLINE_TILE_MARGIN_M : 1000 * 2 ** (16 - z);
/**
 * Downloads at once: twice the six connections a browser opens per host, so a file being
 * written into the cache never leaves a connection idle; few enough not to starve the page.
 */
export const PRELOAD_CONCURRENCY = 12;

/**
 * The API answers the guide screen asks for (paths under /api/v1/): the guide, its theme, its
 * hunts and the challenges of its stops that have one, so the screen opens offline as it does
 * online (in the guide's colours too).
 */
export function tourApiPaths(guide: GuideDetail): string[] {
  const t = encodeURIComponent(guide.token);
  return [
    `tour-by-token/${t}`,
    `guides/${t}/theme`,
    tourHuntsPath(guide.token),
    ...guide.pois.filter((p) => p.challenge != null).map((p) => `challenges?poi=${p.id}`),
  ];
}

/** The guide's hunts: once saved, their answer names the hunt screens' (huntApiPaths). */
export const tourHuntsPath = (token: string) =>
  `scavenger_hunts?guide__token=${encodeURIComponent(token)}`;

/**
 * The hunt screens' answers (paths under /api/v1/), from the guide's hunts as the API gives
 * them: each hunt and its challenge list, and each challenge with its multiple-choice options
 * (asked for every challenge: the list says no type, and a non-choice answer is an empty list).
 */
export function huntApiPaths(hunts: readonly { id: number; challenges: readonly number[] }[]) {
  return hunts.flatMap((h) => [
    `scavenger_hunts/${h.id}/`,
    `challenges?scavenger_hunt=${h.id}`,
    ...h.challenges.flatMap((c) => [`challenges/${c}/`, `multiple_choice_options?challenge=${c}`]),
  ]);
}

/**
 * API answers every screen shares (the guide list, the world map's table): a preload keeps
 * them too, so the lists and the map open offline even if never seen through the worker.
 */
export const SHARED_API_PATHS = ['tours', 'guide-summary'] as const;

/**
 * Every media file the guide plays or shows (SPEC §7): each POI's audio and images in every
 * language, the guide's images and splash, and its badge pictures; each URL once.
 */
export function tourMediaUrls(guide: GuideDetail): string[] {
  const urls = new Set<string>();
  const add = (u: string | null | undefined) => {
    if (u) urls.add(u);
  };
  add(guide.splash_url);
  guide.images.forEach(add);
  guide.tour_images.forEach(add);
  add(guide.audio);
  for (const poi of guide.pois) {
    add(poi.audio_url);
    add(poi.audio2);
    poi.image_urls.forEach(add);
    for (const t of Object.values(poi.translations)) {
      add(t.audio_url);
      add(t.audio2);
    }
  }
  for (const badge of guide.badges) {
    add(badge.image);
    badge.levels.forEach((l) => add(l.image));
  }
  return [...urls];
}

export type Bounds = { south: number; west: number; north: number; east: number };

/** The box around the guide's stops and route line, widened by `marginM` metres. */
export function guideBounds(guide: GuideDetail, marginM = OFFLINE_TILE_MARGIN_M): Bounds | null {
  const points = [
    ...guide.pois.map((p) => [p.lat, p.lng] as const),
    ...guide.route.map(([lng, lat]) => [lat, lng] as const),
  ];
  if (points.length === 0) return null;
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  const dLat = marginM / 111_320;
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const dLng = marginM / (111_320 * Math.max(0.01, Math.cos((midLat * Math.PI) / 180)));
  return {
    south: Math.max(-85, Math.min(...lats) - dLat),
    north: Math.min(85, Math.max(...lats) + dLat),
    west: Math.max(-180, Math.min(...lngs) - dLng),
    east: Math.min(180, Math.max(...lngs) + dLng),
  };
}

export type Tile = { z: number; x: number; y: number };

/** The Web Mercator tile (as Leaflet and every XYZ provider number them) holding a point. */
export function tileAt(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, v));
  return { x: clamp(x), y: clamp(y) };
}

/**
 * The tiles covering `bounds` (or the bounds for each zoom) at each zoom, lowest zoom first.
 * A zoom whose tiles would take the total past `max` is left out with every zoom above it: a
 * big area keeps the overview levels rather than half of a detailed one.
 */
export function tilesFor(
  area: Bounds | ((z: number) => Bounds),
  zooms: readonly number[] = OFFLINE_TILE_ZOOMS,
  max = OFFLINE_TILE_MAX,
): Tile[] {
  const tiles: Tile[] = [];
  for (const z of [...zooms].sort((a, b) => a - b)) {
    const bounds = typeof area === 'function' ? area(z) : area;
    const nw = tileAt(bounds.north, bounds.west, z);
    const se = tileAt(bounds.south, bounds.east, z);
    const count = (se.x - nw.x + 1) * (se.y - nw.y + 1);
    if (tiles.length + count > max) break;
    for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** A tile's URL from a template, with `{s}` picked as Leaflet picks it, so the map asks for the very URL cached. */
export function tileUrl(template: string, { z, x, y }: Tile, subdomains = 'abc'): string {
  const s = subdomains[Math.abs(x + y) % subdomains.length] ?? '';
  return template
    .replace('{s}', s)
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
}

/**
 * A host that has failed this many files and answered none is given up for the rest of the
 * preload (its files count as failed at once): an unreachable tile provider, whose DNS
 * lookups can take seconds each, must not hold a preload of a thousand tiles for minutes.
 */
export const GIVE_UP_AFTER_FAILURES = 8;
export const hostGivenUp = (h: { failed: number; saved: number }) =>
  h.saved === 0 && h.failed >= GIVE_UP_AFTER_FAILURES;

/** The progress label of the preload screen (SPEC §2): a percentage to two decimals. */
export function progressLabel(done: number, total: number): string {
  const pct = total <= 0 ? 100 : Math.min(100, (done / total) * 100);
  return `${pct.toFixed(2)}%`;
}

/** SPEC §4: Enter appears once every asset is settled and the minimum splash time has passed. */
export function canEnterPreloaded(settled: number, total: number, elapsedMs: number): boolean {
  return settled >= total && elapsedMs >= MIN_SPLASH_TIME_MS;
}

/** A byte count as people read it: "840 KB", "12.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.max(0, Math.round(bytes))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1000;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

/** Header the service worker puts on an API answer it gave from the device, not the network. */
export const SAVED_ANSWER_HEADER = 'x-earshot-saved';

/** The service worker's own caches beside Workbox's precache and the tour caches. */
export const OFFLINE_CACHES = {
  /** The page every offline navigation starts from (the app routes it on the client). */
  shell: 'earshot-shell',
  /** The last answer of each API read, for when the network is gone. */
  api: 'earshot-api',
} as const;

/**
 * Caches a new service worker keeps (SPEC §4 update clears the static cache): downloaded
 * guides and the current caches. Workbox's precache cleans its own outdated entries.
 */
export function worthKeeping(name: string): boolean {
  return (
    tourCacheToken(name) !== null ||
    Object.values<string>(OFFLINE_CACHES).includes(name) ||
    name.startsWith('workbox-precache-v2-')
  );
}
