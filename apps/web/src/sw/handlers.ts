/// <reference lib="webworker" />
import { createPartialResponse } from 'workbox-range-requests';
import type { RouteHandlerCallback } from 'workbox-core';
import {
  imageOriginalUrl,
  keepsApiAnswer,
  OFFLINE_CACHES,
  SAVED_ANSWER_HEADER,
  tourCacheToken,
} from '@earshot/core';

/** A weak signal answers slowly: past this, the cached answer is better than waiting. */
const API_TIMEOUT_MS = 3000;
const PAGE_TIMEOUT_MS = 4000;
const SHELL_URL = '/';

const match = { ignoreVary: true } as const;

/**
 * The page every offline navigation starts from, saved with each new version. Asked as the
 * offline shell, so it holds no list of guides (the server puts the home list's first rows in
 * the home page), which would show for a moment on whatever page it opens.
 */
export async function saveShell(): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHES.shell);
  try {
    const headers = { 'X-Earshot-Shell': 'offline' };
    await cache.add(new Request(SHELL_URL, { cache: 'reload', headers }));
  } catch {
    // Offline while installing: the shell saved by an earlier version stays.
  }
}

/** `fetch` that gives up after `ms` (the request itself goes on; its answer is dropped). */
function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    fetch(request).then(
      (r) => (clearTimeout(timer), resolve(r)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

const offline = (message: string) =>
  new Response(JSON.stringify({ message }), {
    status: 503,
    headers: { 'content-type': 'application/json', [SAVED_ANSWER_HEADER]: '1' },
  });

/** Pages: the network, else (offline, or too slow) the saved shell, which routes on the client. */
export const offlineNavigation: RouteHandlerCallback = async ({ request }) => {
  try {
    return await fetchWithin(request, PAGE_TIMEOUT_MS);
  } catch {
    const shell = await caches.match(SHELL_URL, { cacheName: OFFLINE_CACHES.shell });
    return shell ?? Response.error();
  }
};

/** The names of the downloaded guides' caches. */
async function tourCaches(): Promise<string[]> {
  return (await caches.keys()).filter((n) => tourCacheToken(n) !== null);
}

/**
 * API reads: the network first (a fresh answer also refreshes a downloaded guide's copy),
 * else the last answer kept — from a downloaded guide or the API cache.
 */
export const apiNetworkFirst: RouteHandlerCallback = async ({ request, event }) => {
  try {
    // Asked of the server, not the HTTP cache: its stale-while-revalidate answer would pass
    // for the network's when there is none (an unchanged answer costs a 304).
    const response = await fetchWithin(new Request(request, { cache: 'no-cache' }), API_TIMEOUT_MS);
    // A signed-in answer is that user's own: never kept on the device, where the next person
    // could be shown it. Offline, such a request gets the anonymous copy of its URL, if any.
    if (
      response.ok &&
      !request.headers.has('authorization') &&
      keepsApiAnswer(new URL(request.url).pathname)
    ) {
      const body = response.clone();
      const keep = async () => {
        const blob = await body.blob();
        const names = [OFFLINE_CACHES.api as string];
        for (const name of await tourCaches()) {
          if (await (await caches.open(name)).match(request, match)) names.push(name);
        }
        for (const name of names) {
          await (await caches.open(name)).put(request, new Response(blob, body));
        }
      };
      (event as ExtendableEvent).waitUntil(keep().catch(() => undefined));
    }
    return response;
  } catch {
    const saved = await caches.match(request, match);
    if (!saved) return offline('You seem to be offline, and this was not saved on this device.');
    // Marked, so the app can say it shows what the device saved (shared/offline/use-online.ts).
    const headers = new Headers(saved.headers);
    headers.set(SAVED_ANSWER_HEADER, '1');
    return new Response(saved.body, {
      status: saved.status,
      statusText: saved.statusText,
      headers,
    });
  }
};

/** Which downloaded guide's cache held a media URL last time (the lookup a tap waits on). */
const heldIn = new Map<string, string>();

/** A media file or tile from the downloaded guides' caches — looking in those alone. */
async function fromTourCache(url: string): Promise<Response | undefined> {
  const known = heldIn.get(url);
  // `caches.match` with a cacheName never creates the cache (a deleted guide stays deleted).
  const hit = known && (await caches.match(url, { ...match, cacheName: known }));
  if (hit) return hit;
  heldIn.delete(url);
  for (const name of await tourCaches()) {
    const found = await caches.match(url, { ...match, cacheName: name });
    if (found) {
      heldIn.set(url, name);
      return found;
    }
  }
  return undefined;
}

/**
 * Media and map tiles: from a downloaded guide when it holds them — cut to the asked byte
 * range, so audio seeks offline — else from the network as the browser asked. A right-sized
 * copy of a picture (`?w=`, asked through srcset) is answered with the saved original: the
 * preload saves each picture once, at full size, and it serves every size offline.
 */
export const mediaFromTourCache: RouteHandlerCallback = async ({ request }) => {
  const original = imageOriginalUrl(request.url);
  const cached =
    (await fromTourCache(request.url)) ?? (original ? await fromTourCache(original) : undefined);
  if (!cached) return fetch(request);
  return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
};
