import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isServedMediaName } from '@earshot/core';
import { IMMUTABLE, requestedWidth } from '../modules/media/variant-request.js';
import { ANSWERS_PREFIX, safeRelative, TOURS_PREFIX } from './keys.js';
import type { MediaStore } from './media-store.js';
import { sendStored } from './send-stored.js';
import { sendStoredVariant, type StoreVariants } from './store-variants.js';

/** The path after a URL prefix, decoded and checked, or null for one that may not be a key. */
function relativeOf(url: string, prefix: string): string | null {
  try {
    return safeRelative(decodeURIComponent((url.split('?')[0] ?? '').slice(prefix.length)));
  } catch {
    return null;
  }
}

const notFound = (reply: FastifyReply) => {
  reply.callNotFound();
  return reply;
};

/**
 * The guides' media (/static/tours/{guide_id}/…, `?w=` variants) and photo answers
 * (/static/answers/…) from a bucket, with the headers the disk's static files get
 * (static-files.ts, participation/routes.ts): every node serves every file.
 */
export async function registerStoredMedia(
  app: FastifyInstance,
  store: MediaStore,
  variants: StoreVariants,
) {
  const tours = async (req: FastifyRequest, reply: FastifyReply) => {
    const rel = relativeOf(req.url, '/static/tours/');
    // Pictures and audio only, as on the disk (static-files.ts).
    if (!rel || !isServedMediaName(rel)) return notFound(reply);
    const key = TOURS_PREFIX + rel;
    const width = requestedWidth(req.query, rel);
    if (width !== undefined) return sendStoredVariant(req, reply, store, variants, { key }, width);
    const v = (req.query as { v?: unknown }).v;
    return sendStored(req, reply, store, key, {
      cacheControl: IMMUTABLE,
      version: typeof v === 'string' ? v : undefined,
    });
  };
  const answers = async (req: FastifyRequest, reply: FastifyReply) => {
    const rel = relativeOf(req.url, '/static/answers/');
    if (!rel || rel.includes('/')) return notFound(reply);
    return sendStored(req, reply, store, ANSWERS_PREFIX + rel, {
      cacheControl: 'private, max-age=31536000, immutable',
    });
  };
  app.get('/static/tours/*', { schema: { hide: true } }, tours);
  app.get('/static/answers/*', { schema: { hide: true } }, answers);
}
