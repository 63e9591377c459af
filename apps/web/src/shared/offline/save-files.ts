import { hostGivenUp, huntApiPaths, PRELOAD_CONCURRENCY } from '@earshot/core';

/**
 * Saving a guide's files into Cache Storage. It runs in the service worker (whose own
 * requests skip its fetch handler, so nothing stands between the network and the cache) and,
 * where no worker is active, in the page: no DOM here, only what both have.
 */

export type DownloadProgress = {
  /** Files done, saved or failed. */
  settled: number;
  total: number;
  failed: number;
  bytes: number;
};

/**
 * Page → worker: save `files` into `cacheName` (once `huntsUrl`, one of them, is saved, the
 * hunt screens' answers it names come next), and `shared` into `sharedCache`.
 */
export type SaveRequest = {
  type: 'earshot-save-tour';
  cacheName: string;
  files: string[];
  huntsUrl: string;
  /** The preview the guide is (its token), whose hunt answers are asked within it; else null. */
  preview: string | null;
  sharedCache: string;
  shared: string[];
};

/** Worker → page, on the request's port. The page posts 'cancel' on the same port. */
export type SaveMessage =
  | { type: 'progress'; progress: DownloadProgress }
  | { type: 'done'; progress: DownloadProgress }
  | { type: 'error'; message: string };

const isApi = (url: string) => url.startsWith('/api/');
const absolute = (url: string) => new URL(url, globalThis.location.href).href;

/**
 * One file into the cache, as a whole 200 answer (no Range asked, never a 206 kept). Media
 * URLs carry their content hash: one in `saved` (the cache's keys before this download) is
 * the same file, and is not fetched again.
 */
async function saveFile(
  cache: Cache,
  url: string,
  signal: AbortSignal,
  saved: ReadonlySet<string>,
): Promise<number> {
  if (!isApi(url) && saved.has(absolute(url))) {
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

/**
 * Saves `files` into `cache`, PRELOAD_CONCURRENCY at a time. A file that fails is counted and
 * left (SPEC §8: swallowed, progress still advances); a host that fails again and again and
 * answers nothing is given up for the rest of the run.
 */
export async function saveFiles(
  cache: Cache,
  list: readonly string[],
  onProgress: (p: DownloadProgress) => void,
  signal: AbortSignal,
  /** Files a saved file names (from the cache): queued right after it. */
  named: (url: string, cache: Cache) => Promise<string[]> = async () => [],
): Promise<DownloadProgress> {
  const files = [...list];
  const saved = new Set((await cache.keys()).map((r) => r.url));
  const progress: DownloadProgress = { settled: 0, total: files.length, failed: 0, bytes: 0 };
  onProgress({ ...progress });
  const hosts = new Map<string, { failed: number; saved: number }>();
  let next = 0;
  const worker = async () => {
    while (next < files.length && !signal.aborted) {
      const url = files[next++]!;
      const origin = new URL(absolute(url)).origin;
      const host = hosts.get(origin) ?? { failed: 0, saved: 0 };
      hosts.set(origin, host);
      if (hostGivenUp(host)) {
        // Counted as failed at once: a map's worth of tiles from a dead host costs nothing.
        progress.failed++;
        progress.settled++;
        onProgress({ ...progress });
        continue;
      }
      try {
        // Read after the wait: `bytes += await …` would add to a total read before it.
        const bytes = await saveFile(cache, url, signal, saved);
        progress.bytes += bytes;
        host.saved++;
        const more = await named(url, cache);
        files.splice(next, 0, ...more);
        progress.total += more.length;
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
  return progress;
}

type Hunt = { id: number; challenges: number[] };
const isHunt = (h: unknown): h is Hunt =>
  typeof (h as Hunt)?.id === 'number' &&
  Array.isArray((h as Hunt).challenges) &&
  (h as Hunt).challenges.every((c) => typeof c === 'number');

/** The hunt screens' answers named by the saved hunts answer at `huntsUrl`. */
const huntFiles =
  (huntsUrl: string, preview: string | null) => async (url: string, cache: Cache) => {
    if (url !== huntsUrl) return [];
    const hunts = (await (await cache.match(url))?.json().catch(() => null)) as unknown;
    return Array.isArray(hunts)
      ? huntApiPaths(hunts.filter(isHunt), preview).map((p) => `/api/v1/${p}`)
      : [];
  };

/** A whole save: the guide's files, and beside them the answers other screens share. */
export async function runSave(
  request: SaveRequest,
  onProgress: (p: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<DownloadProgress> {
  const [done] = await Promise.all([
    saveFiles(
      await caches.open(request.cacheName),
      request.files,
      onProgress,
      signal,
      huntFiles(request.huntsUrl, request.preview),
    ),
    caches.open(request.sharedCache).then((shared) =>
      // Failures ignored: another screen's answers, not the guide's.
      saveFiles(shared, request.shared, () => undefined, signal),
    ),
  ]);
  return done;
}
