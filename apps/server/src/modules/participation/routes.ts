import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ANSWER_PHOTOS_PREFIX, answerPhotosDir } from './photo-store.js';
import type { MediaStore } from '../../storage/media-store.js';

/**
 * Photo answers at /static/answers/{random name}.jpg: the name is the secret (128 random bits),
 * and a file never changes once written.
 */
export async function registerAnswerPhotos(
  app: FastifyInstance,
  mediaDir: string,
  store?: MediaStore,
) {
  // A bucket's photos are served with the guides' media (storage/stored-media-routes.ts).
  if (store && store.kind !== 'disk') return;
  const root = answerPhotosDir(mediaDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: ANSWER_PHOTOS_PREFIX,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'private, max-age=31536000, immutable');
    },
    index: false,
    list: false,
  });
}
