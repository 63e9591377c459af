import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_ID } from '@earshot/core';
import { STUDIO_MEDIA_PREFIX } from './media-pool.js';
import { ROW_KINDS, type RowKind, type RowRef } from './previews-repository.js';
import type { PreviewsService } from './previews-service.js';

/**
 * What every answer that serves a draft (a preview's rows, pages and media, the pool's files)
 * carries: no shared cache (a CDN, a proxy, the response cache) and no browser keeps it.
 */
export const PREVIEW_CACHE_CONTROL = 'private, no-store';

/** A string value in an answer that may name a preview: its token or a prefixed token. */
const CARRIED = /"([A-Za-z0-9_-]{43}|pv[A-Za-z0-9_-]{10}-[A-Za-z0-9&_-]*)"/g;
/** The app's page of a guide whose token has a preview token's form. */
const GUIDE_PAGE = /^\/guide\/([A-Za-z0-9_-]{43})(?:[/?#]|$)/;
/** An imported guide's media: its folder is the guide's id. */
const GUIDE_MEDIA = /^\/static\/tours\/(\d{1,15})\//;
/** A generic resource's row by number (`/api/v1/{resource}/:id/`). */
const ROW_ROUTE = /\/([a-z_]+)\/:id\/?$/;
const NUMBER = /^\d{1,15}$/;
/**
 * A row's id named in a request, when it can be one (1 to MAX_ID): anything else is left to
 * the route's own check (a clear 400), not asked of the database (PostgreSQL refuses a number
 * beyond its integer range with an error).
 */
const rowId = (value: unknown): number | null => {
  if (typeof value !== 'string' || !NUMBER.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
};
/** The list filters that name a row by number (docs/studio.md "Preview"). */
const FILTERS: Record<string, RowKind> = {
  guide: 'guides',
  poi: 'pois',
  layer: 'layers',
  badge: 'badges',
  scavenger_hunt: 'scavenger_hunts',
  challenge: 'challenges',
};
const isKind = (name: string): name is RowKind => (ROW_KINDS as readonly string[]).includes(name);

/** The rows a content GET names by number, in its path (`pois/7/`) or its filters (`?guide=3`). */
function rowRefs(req: FastifyRequest): RowRef[] {
  const refs: RowRef[] = [];
  const kind = ROW_ROUTE.exec(req.routeOptions.url ?? '')?.[1];
  const id = rowId((req.params as { id?: unknown } | undefined)?.id);
  if (kind && isKind(kind) && id !== null) refs.push({ kind, id });
  for (const [key, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    const filtered = FILTERS[key];
    const filteredId = rowId(value);
    if (filtered && filteredId !== null) refs.push({ kind: filtered, id: filteredId });
  }
  return refs;
}

/**
 * Keeps previews out of every cache (docs/studio.md, Preview): a content GET that names a live
 * preview (its token, a token with its prefix, or one of its rows by number) answers
 * `Cache-Control: private, no-store`, which the response cache does not store either; one that
 * names an expired preview removes it first, so the route answers 404. The app's own page of a
 * preview (`/guide/{token}`), a preview's media (`/static/tours/{its id}/…`) and the pool's
 * files (`/studio-media/…`, a draft's) are `private, no-store` too. Requests naming no token
 * and no row cost no query (a cached answer goes out before this runs). Register on the root
 * instance after the response cache and auth, so this has the last word on the header.
 */
export function registerPreviewGuard(app: FastifyInstance, previews: PreviewsService): void {
  const live = new WeakSet<FastifyRequest>();
  const mark = (req: FastifyRequest) => live.add(req);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    if (req.url.startsWith(STUDIO_MEDIA_PREFIX)) return void mark(req);
    const media = GUIDE_MEDIA.exec(req.url);
    if (media) {
      const id = rowId(media[1]);
      const owners = id === null ? [] : await previews.owning([{ kind: 'guides', id }]);
      // An expired preview's folder is gone once checked: the file answers 404.
      if (owners.length && (await previews.check(owners)) === 'live') mark(req);
      return;
    }
    const content = req.routeOptions.config?.contentCache === true;
    const values = content
      ? [
          ...Object.values((req.params ?? {}) as Record<string, unknown>),
          ...Object.values((req.query ?? {}) as Record<string, unknown>),
          ...(await previews.owning(rowRefs(req))),
        ]
      : // The app's page of a preview (`/guide/{token}…`) carries its title and splash.
        [GUIDE_PAGE.exec(req.url)?.[1]];
    if ((await previews.check(values)) === 'live') {
      mark(req);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
    }
  });
  // A row asked for in a way the request does not show (a list filtered by a token of a
  // preview's row) is caught by the tokens its answer carries. Read before the response cache
  // stores it.
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (live.has(req) || req.method !== 'GET' || req.routeOptions.config?.contentCache !== true)
      return payload;
    const tokens = new Set<string>();
    for (const m of JSON.stringify(payload ?? null).matchAll(CARRIED)) {
      tokens.add(m[1]!);
      if (tokens.size >= 20) break;
    }
    if (tokens.size && (await previews.check([...tokens])) === 'live') {
      mark(req);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
    }
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (live.has(req)) reply.header('cache-control', PREVIEW_CACHE_CONTROL);
    return payload;
  });
}
