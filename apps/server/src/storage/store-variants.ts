import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { MEDIA_MAX_PIXELS, type ImageWidth } from '@earshot/core';
import { gate, pictureWork } from '../modules/media/picture-work.js';
import { IMMUTABLE } from '../modules/media/variant-request.js';
import { variantKey } from './keys.js';
import type { MediaStore } from './media-store.js';
import { sendStored } from './send-stored.js';

const WEBP_QUALITY = 72;

export type StoreVariants = {
  /**
   * The key of `sourceKey`'s picture resized to `width` as WebP, made on first request and
   * stored beside the others (`media/variants/`), so every node finds it. `contentKey` names
   * the source's content (a pool file's hash); by default the object's key and ETag.
   */
  variant(sourceKey: string, width: ImageWidth, contentKey?: string): Promise<string>;
};

/** image-variants.ts for a bucket: the same names, sizes and limits, kept in the store. */
export function storeVariants(store: MediaStore, concurrency = 2): StoreVariants {
  const limit = gate(concurrency);
  const making = new Map<string, Promise<string>>();

  const make = async (sourceKey: string, key: string, width: ImageWidth) => {
    if (await store.head(key)) return key;
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-variant-'));
    try {
      const source = path.join(tmp, 'source');
      if (!(await store.download(sourceKey, source)))
        throw Object.assign(new Error('no such object'), { code: 'ENOENT' });
      const data = await limit(() =>
        pictureWork(() =>
          sharp(source, { limitInputPixels: MEDIA_MAX_PIXELS, animated: false })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: WEBP_QUALITY })
            .toBuffer(),
        ),
      );
      await store.put(key, { data }, { contentType: 'image/webp' });
      return key;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  };

  return {
    async variant(sourceKey, width, contentKey) {
      let ck = contentKey;
      if (ck === undefined) {
        const info = await store.head(sourceKey);
        if (!info) throw Object.assign(new Error('no such object'), { code: 'ENOENT' });
        ck = createHash('sha256').update(`${sourceKey}\0${info.etag}`).digest('hex').slice(0, 40);
      }
      const key = variantKey(`${ck}-${width}.webp`);
      let job = making.get(key);
      if (!job) {
        job = make(sourceKey, key, width).finally(() => making.delete(key));
        making.set(key, job);
      }
      return job;
    },
  };
}

/** variant-request.ts sendVariant for a bucket: the variant, else the original as it is. */
export async function sendStoredVariant(
  req: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  variants: StoreVariants,
  source: { key: string; contentKey?: string; cacheControl?: string },
  width: ImageWidth,
): Promise<FastifyReply> {
  const cacheControl = source.cacheControl ?? IMMUTABLE;
  let key: string;
  try {
    key = await variants.variant(source.key, width, source.contentKey);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      reply.callNotFound();
      return reply;
    }
    req.log.warn({ err: e, key: source.key }, 'image variant not made; the original is sent');
    return sendStored(req, reply, store, source.key, { cacheControl });
  }
  return sendStored(req, reply, store, key, { cacheControl });
}
