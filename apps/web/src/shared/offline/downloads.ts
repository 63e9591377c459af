import { queryOptions, useQuery } from '@tanstack/react-query';
import { tourCacheName, tourCacheToken, TOUR_META_PATH } from '@earshot/core';

/** What the Downloaded guides screen shows of a guide saved for offline use. */
export type DownloadedGuide = {
  token: string;
  title: string;
  place: string;
  image: string | null;
  /** Bytes saved (media, map tiles and API answers). */
  bytes: number;
  files: number;
  /** Files that could not be saved (they play or show online only). */
  failed: number;
  /** When the download finished (ms since the epoch). */
  savedAt: number;
};

const hasCaches = () => typeof caches !== 'undefined';

/** Writes the guide's entry beside its files, in its own tour cache. */
export async function saveDownloadMeta(meta: DownloadedGuide): Promise<void> {
  const cache = await caches.open(tourCacheName(meta.token));
  await cache.put(
    TOUR_META_PATH,
    new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }),
  );
}

/**
 * The guides saved on this device, newest first: each tour cache holding a finished
 * download's entry (a download cut short has none and is not listed).
 */
export async function listDownloads(): Promise<DownloadedGuide[]> {
  if (!hasCaches()) return [];
  const names = (await caches.keys()).filter((n) => tourCacheToken(n) !== null);
  const metas = await Promise.all(
    names.map(async (name) => {
      const res = await (await caches.open(name)).match(TOUR_META_PATH);
      return res ? ((await res.json()) as DownloadedGuide) : null;
    }),
  );
  return metas
    .filter((m): m is DownloadedGuide => m !== null)
    .sort((a, b) => b.savedAt - a.savedAt);
}

/** Removes a guide's saved files (its whole tour cache). */
export async function deleteDownload(token: string): Promise<void> {
  if (hasCaches()) await caches.delete(tourCacheName(token));
}

export const downloadsQueryOptions = () =>
  queryOptions({ queryKey: ['downloads'], queryFn: listDownloads, staleTime: Infinity });

/** The tokens of the guides saved on this device (empty until known). */
export function useDownloadedTokens(): ReadonlySet<string> {
  const { data } = useQuery({
    ...downloadsQueryOptions(),
    select: (list) => new Set(list.map((g) => g.token)),
  });
  return data ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();
