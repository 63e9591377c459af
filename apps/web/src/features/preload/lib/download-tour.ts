import {
  guideBounds,
  offlineTileMargin,
  mapTypeFor,
  OFFLINE_CACHES,
  offlineLayerTiles,
  previewScopeOf,
  SHARED_API_PATHS,
  tourApiPaths,
  tourCacheName,
  tourHuntsPath,
  tourMediaUrls,
  type GuideDetail,
} from '@earshot/core';
import { TILE_PROVIDERS } from '../../../shared/map/tile-providers';
import { registerServiceWorker } from '../../../shared/offline/service-worker';
import {
  runSave,
  type DownloadProgress,
  type SaveMessage,
  type SaveRequest,
} from '../../../shared/offline/save-files';

export type { DownloadProgress };

/**
 * Everything the guide needs offline (SPEC §7 asset caching): its API answers first (the
 * screen opens with them), then its media, then the map tiles of its area for its map type,
 * as this device's map asks for them (decision 0014: a dense screen's @2x tiles, or its
 * imagery one zoom deeper).
 */
export function tourFiles(
  guide: GuideDetail,
  devicePixelRatio = window.devicePixelRatio,
): string[] {
  const api = tourApiPaths(guide).map((p) => `/api/v1/${p}`);
  const area = (z: number) => guideBounds(guide, offlineTileMargin(z))!;
  const tiles = guideBounds(guide)
    ? TILE_PROVIDERS[mapTypeFor(guide.map_type)].flatMap((layer) =>
        offlineLayerTiles(layer, area, devicePixelRatio),
      )
    : [];
  return [...api, ...tourMediaUrls(guide), ...tiles];
}

/** How long to wait for an active worker before the page saves the files itself. */
const WORKER_WAIT_MS = 3000;
/**
 * A worker that sends nothing for this long has stopped (the browser ends an event that runs
 * for minutes): the page takes over, and files already saved are not fetched again.
 */
const WORKER_STALL_MS = 60_000;

async function activeWorker(): Promise<ServiceWorker | null> {
  // The worker that controls the page is active: no wait on the registration (tens of ms on
  // a busy phone, before the first byte).
  const controller = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (controller) return controller;
  if (!(await registerServiceWorker())) return null;
  const late = new Promise<null>((r) => setTimeout(() => r(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready.then((r) => r.active), late]);
}

const aborted = () => new DOMException('Aborted', 'AbortError');

/** The save done by the worker, its progress coming back on a port of our own. */
function saveInWorker(
  worker: ServiceWorker,
  request: SaveRequest,
  onProgress: (p: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<DownloadProgress> {
  return new Promise((resolve, reject) => {
    const { port1, port2 } = new MessageChannel();
    let stall = 0;
    const end = (cancel: boolean) => {
      clearTimeout(stall);
      if (cancel) port1.postMessage('cancel');
      port1.close();
    };
    const watch = () => {
      clearTimeout(stall);
      stall = window.setTimeout(() => {
        end(true);
        reject(new Error('The service worker stopped saving'));
      }, WORKER_STALL_MS);
    };
    signal.addEventListener('abort', () => (end(true), reject(aborted())));
    port1.onmessage = ({ data }: MessageEvent<SaveMessage>) => {
      if (data.type === 'progress') return (watch(), onProgress(data.progress));
      end(false);
      if (data.type === 'done') resolve(data.progress);
      else reject(new Error(data.message));
    };
    watch();
    worker.postMessage(request, [port2]);
  });
}

/**
 * Saves the guide's files into its tour cache, and the lists' and the map's answers into the
 * API cache (other guides use them). The service worker does it when one is active; else
 * the page (a development build, or a browser without workers).
 */
export async function downloadTour(
  guide: GuideDetail,
  onProgress: (p: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<DownloadProgress> {
  const request: SaveRequest = {
    type: 'earshot-save-tour',
    cacheName: tourCacheName(guide.token),
    files: tourFiles(guide),
    huntsUrl: `/api/v1/${tourHuntsPath(guide.token)}`,
    preview: previewScopeOf(guide.token),
    sharedCache: OFFLINE_CACHES.api,
    shared: SHARED_API_PATHS.map((p) => `/api/v1/${p}`),
  };
  const worker = await activeWorker();
  if (signal.aborted) throw aborted();
  if (worker) {
    try {
      return await saveInWorker(worker, request, onProgress, signal);
    } catch (e) {
      if (signal.aborted) throw e;
      console.warn('Saving in the service worker failed; the page goes on', e);
    }
  }
  return runSave(request, onProgress, signal);
}
