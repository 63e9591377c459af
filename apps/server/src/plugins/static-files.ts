import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { GuideClusters, GuideSummaryTable } from '@earshot/core';
import {
  clustersPath,
  firstCatalogueScreen,
  firstListScreen,
  FULL_LIST_MAX,
  isServedMediaName,
  OPENING_CLUSTERS_BOX,
  openingMarkers,
  WORLD_MAP_CENTRE,
  WORLD_MAP_ZOOM,
  worldMapCentre,
  type FirstListScreen,
  type ListPage,
} from '@earshot/core';
import { ASSETS_DIR } from '../paths.js';
import {
  firstCardImage,
  GUIDE_LOADING_TITLE,
  guideSplash,
  loadAppShell,
  type GuideSplash,
  type MapOpening,
  shellRoute,
  type ShellRoute,
} from './app-shell/index.js';
import { etagMatches } from './response-cache.js';
import { allowWasm } from './security.js';
import { imageVariants, type ImageVariants } from '../modules/media/image-variants.js';
import { IMMUTABLE, requestedWidth, sendVariant } from '../modules/media/variant-request.js';
import type { MediaStore } from '../storage/media-store.js';
import { registerStoredMedia } from '../storage/stored-media-routes.js';
import { storeVariants, type StoreVariants } from '../storage/store-variants.js';

const YEAR = IMMUTABLE;

/** The file under the tours folder a /static/tours/ URL names, or null for a path that may not be one. */
function toursFile(url: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent((url.split('?')[0] ?? '').slice('/static/tours/'.length));
  } catch {
    return null;
  }
  const parts = rel.split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..' && !/[\\\0]/.test(p)) ? rel : null;
}

/**
 * Media under /static/tours/{guide_id}/… (URLs carry ?v=<content hash>, so they can be
 * cached for a year), server assets such as the placeholder image, and the built web app
 * with an SPA fallback to index.html.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: {
    mediaDir: string;
    webDist?: string;
    /** Where right-sized pictures are made (default: DATA_DIR/media/variants). */
    variants?: ImageVariants;
    /** A bucket to serve the guides' media and photo answers from (unset: the disk). */
    store?: MediaStore;
    /** The bucket's right-sized pictures (with `store`). */
    storeVariants?: StoreVariants;
    /** The title of a guide page: guide token, child path (null: no such guide). */
    guideTitle?: (token: string, child?: string) => Promise<string | null>;
  },
) {
  if (opts.store && opts.store.kind !== 'disk')
    await registerStoredMedia(app, opts.store, opts.storeVariants ?? storeVariants(opts.store));
  else await registerToursFolder(app, opts.mediaDir, opts.variants);
  await registerWebFiles(app, opts);
}

/** The guides' media from DATA_DIR/media/tours (one node, or a shared disk). */
async function registerToursFolder(app: FastifyInstance, mediaDir: string, given?: ImageVariants) {
  const tours = path.join(mediaDir, 'tours');
  mkdirSync(tours, { recursive: true });
  const variants = given ?? imageVariants(path.join(mediaDir, 'variants'));
  // Its own scope: the hook below answers only the guides' media (reply.sendFile lives here).
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const rel = toursFile(req.url);
      // Pictures and audio only: a page or script an early import left there is never served.
      if (!rel || !isServedMediaName(rel)) {
        reply.callNotFound();
        return reply;
      }
      // `?w=` asks for a right-sized WebP copy of a picture (docs/studio.md Media).
      if ((req.query as { w?: unknown }).w === undefined) return;
      const width = requestedWidth(req.query, rel)!;
      return sendVariant(req, reply, variants, { file: path.join(tours, rel), root: tours }, width);
    });
    await scope.register(fastifyStatic, {
      root: tours,
      prefix: '/static/tours/',
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', YEAR);
      },
      index: false,
      list: false,
    });
  });
}

/** Server assets, the built web app and the app's pages. */
async function registerWebFiles(
  app: FastifyInstance,
  opts: Parameters<typeof registerStaticFiles>[1],
) {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
    index: false,
  });

  const web = opts.webDist;
  const hasWeb = web !== undefined && existsSync(path.join(web, 'index.html'));
  const shell = hasWeb ? loadAppShell(web!) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      // dist/ holds .br and .gz beside each file (written at build time).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? YEAR : 'no-cache');
      },
    });
  }

  /**
   * What a list or map page can ask for at once, from the guides the API answers (its cache
   * serves them; the list is parsed again only when its ETag changes): the first card's
   * picture; whether the catalogue is large (its first page says how many in all), so the
   * page preloads the paged list's or the clusters' code; and a grouped list's first screen
   * (its count, first rows and letters), which the page then holds in place of its loading
   * state; on the world map, its opening: the land, and in a large catalogue the first markers
   * (unless the URL opens the map at a view of its own). The page the service worker keeps
   * for offline use (any route's first paint) holds no list (`X-Earshot-Shell: offline`).
   */
  type ListedGuides = Parameters<typeof firstListScreen>[1] & Parameters<typeof firstCardImage>[1];
  let listed: { etag: string; guides: ListedGuides } | null = null;
  const screens = new Map<string, FirstListScreen | null>();
  const remembered = (key: string, make: () => FirstListScreen | null) => {
    if (!screens.has(key)) {
      if (screens.size >= 200) screens.delete(screens.keys().next().value!);
      screens.set(key, make());
    }
    return screens.get(key)!;
  };
  const inject = (url: string) => app.inject({ method: 'GET', url });
  /**
   * The world map's opening (its land at its middle: worldMapCentre of the guides it shows;
   * in a large catalogue, the opening clusters' markers), from the answers the map asks for
   * first, computed again only when their ETag changes.
   */
  let opening: { etag: string; opening: MapOpening } | null = null;
  const mapOpening = async (large: boolean): Promise<MapOpening | null> => {
    const url = large
      ? `/api/v1/${clustersPath(OPENING_CLUSTERS_BOX, WORLD_MAP_ZOOM)}`
      : '/api/v1/guide-summary';
    const res = await inject(url);
    if (res.statusCode !== 200) return null;
    const etag = `${url} ${String(res.headers.etag ?? '')}`;
    if (opening?.etag !== etag)
      opening = {
        etag,
        opening: large
          ? {
              centre: WORLD_MAP_CENTRE,
              markers: openingMarkers(res.json<GuideClusters>().clusters, WORLD_MAP_ZOOM),
            }
          : { centre: worldMapCentre(res.json<GuideSummaryTable>()), markers: [] },
      };
    return opening.opening;
  };
  type Hints = {
    image: string | null;
    large: boolean;
    list: FirstListScreen | null;
    opening?: MapOpening | null;
  };
  const listHints = async (
    route: ReturnType<typeof shellRoute>,
    withList: boolean,
    mapView: boolean,
  ): Promise<Hints> => {
    const none = { image: null, large: false, list: null };
    if (!['home', 'city', 'state', 'map'].includes(route.kind)) return none;
    const kind = route.kind;
    const page: ListPage | null =
      withList && (kind === 'home' || kind === 'city' || kind === 'state')
        ? { kind, place: route.place }
        : null;
    try {
      const res = await inject('/api/v1/tours');
      if (res.statusCode !== 200) return none;
      const etag = String(res.headers.etag ?? '');
      const total = Number(res.headers['x-total-count'] ?? 0);
      if (total > FULL_LIST_MAX) {
        if (route.kind === 'map') {
          const opened = mapView ? null : await mapOpening(true);
          return { image: null, large: true, list: null, opening: opened };
        }
        // A large catalogue's home list opens on this first page (its city and state pages
        // ask the server for their own pages: no rows here).
        if (page?.kind !== 'home') return { image: null, large: true, list: null };
        const letters = await inject('/api/v1/tours/letters?order=state');
        const list =
          letters.statusCode === 200
            ? remembered(`large ${etag} ${String(letters.headers.etag ?? '')}`, () =>
                firstCatalogueScreen(
                  res.json(),
                  total,
                  letters.json<{ letters: string[] }>().letters,
                ),
              )
            : null;
        return { image: null, large: true, list };
      }
      if (route.kind === 'map') {
        const opened = mapView ? null : await mapOpening(false);
        return { image: null, large: false, list: null, opening: opened };
      }
      if (!etag || listed?.etag !== etag) listed = { etag, guides: res.json() };
      const guides = listed.guides;
      const list = page
        ? remembered(`${etag} ${page.kind} ${page.place?.toLowerCase() ?? ''}`, () =>
            firstListScreen(page, guides),
          )
        : null;
      return { image: firstCardImage(route, guides), large: false, list };
    } catch {
      return none; // The page works without the hints.
    }
  };

  /**
   * A guide's home page carries the guide's splash (its place and picture), from the guide the
   * API answers (its cache serves it), so the splash paints with the page; parsed again only
   * when the answer's ETag changes.
   */
  const splashes = new Map<string, { etag: string; splash: GuideSplash }>();
  const pageSplash = async (route: ShellRoute): Promise<GuideSplash | null> => {
    if (route.kind !== 'guide' || route.child !== undefined || !route.token) return null;
    try {
      const url = `/api/v1/tour-by-token/${encodeURIComponent(route.token)}`;
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) return null;
      const etag = String(res.headers.etag ?? '');
      const known = splashes.get(route.token);
      if (etag && known?.etag === etag) return known.splash;
      const splash = guideSplash(res.json());
      if (splashes.size >= 200) splashes.delete(splashes.keys().next().value!);
      splashes.set(route.token, { etag, splash });
      return splash;
    } catch {
      return null; // The page works without it: the app draws the splash.
    }
  };

  /**
   * A guide page carries its title (the guide's, a stop's, the directory's) from the first
   * paint; an unknown token gets the title the app shows while it asks the API (which then
   * answers 404 and the app says so).
   */
  const titled = async (route: ShellRoute): Promise<ShellRoute> => {
    if (route.kind !== 'guide') return route;
    const title = await opts.guideTitle?.(route.token!, route.child).catch((e: unknown) => {
      app.log.warn(e, 'guide title for the page shell');
      return null;
    });
    return { ...route, title: title ?? GUIDE_LOADING_TITLE };
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    // A missing file must not be answered with the app's HTML (a browser would try to run it).
    const file =
      /^\/(api|static|assets)\//.test(url) ||
      /\.(m?js|css|map|png|jpe?g|svg|ico|webmanifest|json|txt|woff2?)$/i.test(url);
    if (!shell || req.method !== 'GET' || file) {
      return reply.status(404).send({ message: `Not found: ${req.method} ${url}` });
    }
    // Every other path is an app route: its page already holds the screen's shell. It changes
    // with each deploy, so it is revalidated every time (no-cache with an ETag).
    const route = await titled(shellRoute(url));
    const splash = await pageSplash(route);
    const offlineShell = req.headers['x-earshot-shell'] === 'offline';
    // A shared map link opens at a view of its own (apps/web routes/world-map.tsx mapView).
    const mapView = /[?&](lat|lng|zoom)=/.test(req.url);
    const hints: Hints = splash
      ? { image: splash.image, large: false, list: null }
      : await listHints(route, !offlineShell, mapView);
    const page = shell.page(route, { cookie: req.headers.cookie, splash, ...hints });
    // The face model of these test tools is WebAssembly; no other page may compile any.
    if (route.kind === 'camera' || route.kind === 'landmarker') {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', allowWasm(policy));
    }
    reply
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header('vary', 'accept-encoding, cookie');
    if (etagMatches(req.headers['if-none-match'], page.etag)) return reply.status(304).send();
    const { body, encoding } = shell.encode(page, req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.status(page.status).type('text/html; charset=utf-8').send(body);
  });
}
