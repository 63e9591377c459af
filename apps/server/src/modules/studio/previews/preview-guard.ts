import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_ID } from '@earshot/core';
import { STUDIO_MEDIA_PREFIX } from '../media/media-pool.js';
import type { PreviewsService } from './previews-service.js';

/**
 * What every answer that serves a draft (a preview's rows, pages and media, the pool's files)
 * carries: no shared cache (a CDN, a proxy, the response cache) and no browser keeps it.
 */
export const PREVIEW_CACHE_CONTROL = 'private, no-store';

/** The app's page of a guide whose token has a preview token's form. */
const GUIDE_PAGE = /^\/guide\/([A-Za-z0-9_-]{43})(?:[/?#]|$)/;
/** An imported guide's media: its folder is the guide's id. */
const GUIDE_MEDIA = /^\/static\/tours\/(\d{1,15})\//;

/** The guide id of a media path, when it can be one (1 to MAX_ID). */
const mediaGuideId = (url: string): number | null => {
  const m = GUIDE_MEDIA.exec(url);
  const id = m ? Number(m[1]) : NaN;
  return id >= 1 && id <= MAX_ID ? id : null;
};

/**
 * Keeps previews to those who hold their token, and out of every cache (docs/studio.md,
 * Preview). Which rows a read sees is the repositories' rule (content/visibility.ts: published
 * guides, and the preview whose token the request carries as `preview=`); this guard does the
 * rest:
 * - a preview's media (`/static/tours/{its id}/…`) answer 404, as a missing file does, unless
 *   the request carries the preview's token;
 * - an answer to a request that names a live preview (its token in the path, a filter or
 *   `preview=`), the app's page of a preview (`/guide/{token}`), its media and the pool's files
 *   (`/studio-media/…`, a draft's) is `private, no-store`, which the response cache does not
 *   store either;
 * - a request that names an expired preview removes it first (rows, link, media), so it
 *   answers 404.
 * Requests naming no preview token cost no query, except a guide's media (one look-up of its
 * folder's guide). Register on the root instance after the response cache, auth and
 * content/visibility.ts, so this has the last word on the header.
 */
export function registerPreviewGuard(app: FastifyInstance, previews: PreviewsService): void {
  const live = new WeakSet<FastifyRequest>();
  const mark = (req: FastifyRequest) => live.add(req);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    if (req.url.startsWith(STUDIO_MEDIA_PREFIX)) return void mark(req);
    const guideId = mediaGuideId(req.url);
    if (guideId !== null) {
      const owner = await previews.tokenOfGuide(guideId);
      if (owner === null) return;
      // Checked once named: an expired preview's folder is gone, and its file answers 404.
      if (owner !== req.previewToken || (await previews.check([owner])) !== 'live') {
        reply.callNotFound();
        return reply;
      }
      return void mark(req);
    }
    const content = req.routeOptions.config?.contentCache === true;
    const values = content
      ? [
          req.previewToken,
          ...Object.values((req.params ?? {}) as Record<string, unknown>),
          ...Object.values((req.query ?? {}) as Record<string, unknown>),
        ]
      : // The app's page of a preview (`/guide/{token}…`) carries its title and splash.
        [GUIDE_PAGE.exec(req.url)?.[1]];
    if ((await previews.check(values)) === 'live') {
      mark(req);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (live.has(req)) reply.header('cache-control', PREVIEW_CACHE_CONTROL);
    return payload;
  });
}
