import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS, isImageWidth, type ImageWidth } from '@earshot/core';
import { BadRequestError } from '../../plugins/errors.js';
import type { ImageVariants } from './image-variants.js';

/** Variants and the originals they come from: a file's URL names its content, so a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const PICTURE = /\.(jpe?g|png|webp)$/i;

/**
 * The `w` of a request as one of the widths made, or undefined when it asks for none; any
 * other value, or a width asked of a file that is no picture, is refused (400) so the disk
 * only ever holds the few sizes the app shows.
 */
export function requestedWidth(query: unknown, file: string): ImageWidth | undefined {
  const w = (query as Record<string, unknown> | undefined)?.w;
  if (w === undefined) return undefined;
  const width = typeof w === 'string' && /^\d{1,5}$/.test(w) ? Number(w) : NaN;
  if (!isImageWidth(width))
    throw new BadRequestError(`w must be one of ${IMAGE_WIDTHS.join(', ')}`);
  if (!PICTURE.test(file)) throw new BadRequestError('Only pictures (JPEG, PNG, WebP) have sizes');
  return width;
}

/**
 * Answers the `width` variant of `source` (made on first request) with byte ranges, ETag and
 * a year's caching; a source sharp cannot read is answered as it is, a missing one with 404.
 */
export async function sendVariant(
  req: FastifyRequest,
  reply: FastifyReply,
  variants: ImageVariants,
  source: { file: string; root: string; key?: string },
  width: ImageWidth,
): Promise<FastifyReply> {
  let name: string;
  try {
    name = await variants.variant(source.file, width, source.key);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      reply.callNotFound();
      return reply;
    }
    req.log.warn({ err: e, file: source.file }, 'image variant not made; the original is sent');
    reply.header('cache-control', IMMUTABLE);
    return reply.sendFile(path.relative(source.root, source.file), source.root, {
      cacheControl: false,
    });
  }
  reply.header('cache-control', IMMUTABLE);
  return reply.sendFile(name, variants.dir, { cacheControl: false });
}
