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

/** A byte count as people read it: "840 KB", "12.4 MB" (a downloaded guide's size). */
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
