import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PreviewsService } from './previews-service.js';

/** A string value in an answer that may name a preview: its token or a prefixed token. */
const CARRIED = /"([A-Za-z0-9_-]{43}|pv[A-Za-z0-9_-]{10}-[A-Za-z0-9&_-]*)"/g;
/** The app's page of a guide whose token has a preview token's form. */
const GUIDE_PAGE = /^\/guide\/([A-Za-z0-9_-]{43})(?:[/?#]|$)/;

/**
 * Keeps previews out of every cache (docs/studio.md, Preview): a content GET that names a live
 * preview (its token, or a token with its prefix) answers `Cache-Control: no-store`, which the
 * response cache does not store either; one that names an expired preview removes it first, so
 * the route answers 404. The app's own page of a preview (`/guide/{token}`) is `no-store` too.
 * Requests naming no such token cost no query. Register on the root instance after the
 * response cache and auth, so this has the last word on the header.
 */
export function registerPreviewGuard(app: FastifyInstance, previews: PreviewsService): void {
  const live = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const values =
      req.routeOptions.config?.contentCache === true
        ? [
            ...Object.values((req.params ?? {}) as Record<string, unknown>),
            ...Object.values((req.query ?? {}) as Record<string, unknown>),
          ]
        : // The app's page of a preview (`/guide/{token}…`) carries its title and splash.
          [GUIDE_PAGE.exec(req.url)?.[1]];
    if ((await previews.check(values)) === 'live') {
      live.add(req);
      reply.header('cache-control', 'no-store');
    }
  });
  // A row asked for by its number (a preview's challenge, hunt or badge) names no preview in
  // its URL: its answer does, by the tokens it carries. Read before the response cache stores it.
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (live.has(req) || req.method !== 'GET' || req.routeOptions.config?.contentCache !== true)
      return payload;
    const tokens = new Set<string>();
    for (const m of JSON.stringify(payload ?? null).matchAll(CARRIED)) {
      tokens.add(m[1]!);
      if (tokens.size >= 20) break;
    }
    if (tokens.size && (await previews.check([...tokens])) === 'live') {
      live.add(req);
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (live.has(req)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
