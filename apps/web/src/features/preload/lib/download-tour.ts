import {
  guideBounds,
  hostGivenUp,
  offlineTileMargin,
  mapTypeFor,
  OFFLINE_CACHES,
  PRELOAD_CONCURRENCY,
  SHARED_API_PATHS,
  tileUrl,
  tilesFor,
  tourApiPaths,
  tourCacheName,
  tourMediaUrls,
  type GuideDetail,
} from '@earshot/core';
import { TILE_PROVIDERS } from '../../../shared/map/tile-providers';

export type DownloadProgress = {
  /** Files done, saved or failed. */
  settled: number;
  total: number;
  failed: number;
  bytes: number;
};

/**
 * Everything the guide needs offline (SPEC §7 asset caching): its API answers first (the
 * screen opens with them), then its media, then the map tiles of its area for its map type.
 */
export function tourFiles(guide: GuideDetail): string[] {
  const api = tourApiPaths(guide).map((p) => `/api/v1/${p}`);
  const area = (z: number) => guideBounds(guide, offlineTileMargin(z))!;
  const tiles = guideBounds(guide)
    ? TILE_PROVIDERS[mapTypeFor(guide.map_type)].flatMap((layer) =>
        tilesFor(area).map((t) => tileUrl(layer.url, t)),
      )
    : [];
  return [...api, ...tourMediaUrls(guide), ...tiles];
}

const isApi = (url: string) => url.startsWith('/api/');

/**
 * One file into the cache, as a whole 200 answer (no Range asked, never a 206 kept). Media
 * URLs carry their content hash: one in `saved` (the cache's keys before this download) is
 * the same file, and is not fetched again.
 */
async function saveFile(
  cache: Cache,
  url: string,
  signal: AbortSignal,
  saved: ReadonlySet<string> = new Set(),
): Promise<number> {
  if (!isApi(url) && saved.has(new URL(url, location.href).href)) {
    const have = await cache.match(url);
    if (have) return Number(have.headers.get('content-length')) || 0;
  }
  const res = await fetch(url, { signal, cache: isApi(url) ? 'no-cache' : 'default' });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const length = Number(res.headers.get('content-length'));
  if (length > 0) {
    await cache.put(url, res);
    return length;
  }
  // No length given (a compressed API answer): the body is read to count it.
  const blob = await res.blob();
  await cache.put(url, new Response(blob, res));
  return blob.size;
}

/** The lists' and the map's answers, into the API cache (not the guide's: other guides use them). */
async function saveSharedAnswers(signal: AbortSignal) {
  const cache = await caches.open(OFFLINE_CACHES.api);
  await Promise.all(
    SHARED_API_PATHS.map((p) => saveFile(cache, `/api/v1/${p}`, signal).catch(() => 0)),
  );
}

/**
 * Saves the guide's files into its tour cache, PRELOAD_CONCURRENCY at a time. A file that
 * fails is counted and left (SPEC §8: swallowed, progress still advances).
 */
export async function downloadTour(
  guide: GuideDetail,
  onProgress: (p: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<DownloadProgress> {
  const cache = await caches.open(tourCacheName(guide.token));
  const files = tourFiles(guide);
  const saved = new Set((await cache.keys()).map((r) => r.url));
  const progress: DownloadProgress = { settled: 0, total: files.length, failed: 0, bytes: 0 };
  onProgress({ ...progress });
  const hosts = new Map<string, { failed: number; saved: number }>();
  let next = 0;
  const worker = async () => {
    while (next < files.length && !signal.aborted) {
      const url = files[next++]!;
      const origin = new URL(url, location.href).origin;
      const host = hosts.get(origin) ?? { failed: 0, saved: 0 };
      hosts.set(origin, host);
      try {
        if (hostGivenUp(host)) throw new Error(`${origin} does not answer`);
        // Read after the wait: `bytes += await …` would add to a total read before it.
        const bytes = await saveFile(cache, url, signal, saved);
        progress.bytes += bytes;
        host.saved++;
      } catch {
        if (signal.aborted) return;
        progress.failed++;
        host.failed++;
      }
      progress.settled++;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PRELOAD_CONCURRENCY, files.length) }, worker));
  await saveSharedAnswers(signal);
  return progress;
}
