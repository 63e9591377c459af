/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { isTileUrl, tileUrls, worthKeeping } from '@earshot/core';
import { apiNetworkFirst, mediaFromTourCache, offlineNavigation, saveShell } from './handlers';
import { listenForSaves } from './save-tour';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/**
 * Earshot's service worker (ARCHITECTURE: Offline). It precaches only the app shell (the
 * built scripts, styles and icons); guides a visitor preloaded live in their own caches
 * (`tour-{token}-1`, filled by the preload screen), which it answers media, map tiles and API
 * reads from. A new version takes over at once and the page reloads (SPEC §4).
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

self.addEventListener('install', (event) => event.waitUntil(saveShell()));
listenForSaves();

// SPEC §4 service worker update: the static caches of older versions go, tour caches stay.
self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => !worthKeeping(n)).map((n) => caches.delete(n))),
      ),
  ),
);

const tiles = Object.values(
  tileUrls(import.meta.env as Record<string, string | boolean | undefined>),
);

registerRoute(({ request }) => request.mode === 'navigate', offlineNavigation);
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/v1/') &&
    request.method === 'GET',
  apiNetworkFirst,
);
registerRoute(
  ({ url }) =>
    (url.origin === self.location.origin && url.pathname.startsWith('/static/')) ||
    isTileUrl(url.href, tiles),
  mediaFromTourCache,
);
