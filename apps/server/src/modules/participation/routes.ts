import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { ContentRepository } from '../content/repository.js';
import { trackingRepository } from '../tracking/repository.js';
import { answersRepository } from './answers-repository.js';
import { answersRoutes } from './answers-routes.js';
import { answersService, type AnswerListener } from './answers-service.js';
import { awardsRepository } from './awards-repository.js';
import { awardsRoutes } from './awards-routes.js';
import { awardsService } from './awards-service.js';
import { ANSWER_PHOTOS_PREFIX, answerPhotosDir } from './photo-store.js';
import type { MediaStore } from '../../storage/media-store.js';

/**
 * Participation (SPEC §7 visit_poi/, awards, badges' `awarded`, user_answers, correct_answers):
 * its services, and its routes for the /api/v1 prefix.
 */
export function participation(
  db: Db,
  content: ContentRepository,
  store: MediaStore,
  /** Told of each new answer (insights), failures reported through `logError`. */
  answered?: { onAnswered: AnswerListener; logError: (e: unknown) => void },
) {
  const awards = awardsService({
    awards: awardsRepository(db),
    content,
    tracking: trackingRepository(db),
  });
  const answers = answersService({ answers: answersRepository(db), store, ...answered });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(awardsRoutes(awards));
    await api.register(answersRoutes(answers));
  };
  return { awards, answers, routes };
}

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
