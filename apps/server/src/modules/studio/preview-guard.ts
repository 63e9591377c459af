import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PreviewsService } from './previews-service.js';

/**
 * Keeps previews out of every cache (docs/studio.md, Preview): a content GET that names a live
 * preview (its token, or a token with its prefix) answers `Cache-Control: no-store`, which the
 * response cache does not store either; one that names an expired preview removes it first, so
 * the route answers 404. Requests naming no such token cost no query. Register on the root
 * instance after the response cache and auth, so this has the last word on the header.
 */
export function registerPreviewGuard(app: FastifyInstance, previews: PreviewsService): void {
  const live = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || req.routeOptions.config?.contentCache !== true) return;
    const values = [
      ...Object.values((req.params ?? {}) as Record<string, unknown>),
      ...Object.values((req.query ?? {}) as Record<string, unknown>),
    ];
    if ((await previews.check(values)) === 'live') {
      live.add(req);
      reply.header('cache-control', 'no-store');
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (live.has(req)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
