import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_MAX_ANY_BYTES, errorSchema, studioMediaSchema, tokenParam } from '@earshot/core';
import type { ImageVariants } from '../../media/image-variants.js';
import { requestedWidth, sendVariant } from '../../media/variant-request.js';
import { STUDIO_MEDIA_PREFIX, type MediaPool } from './media-pool.js';
import type { StudioMediaService } from './media-service.js';
import { PREVIEW_CACHE_CONTROL } from '../previews/preview-guard.js';
import { unlessCancelled } from './upload-cancelled.js';
import { poolKey } from '../../../storage/keys.js';
import { sendStored } from '../../../storage/send-stored.js';
import { sendStoredVariant, type StoreVariants } from '../../../storage/store-variants.js';

const bearer = 'Needs `Authorization: Bearer <token>` of an admin or a publisher of the guide.';

/** POST studio/guides/{token}/media (under /api/v1): one file as the raw request body. */
export const studioMediaRoutes =
  (media: StudioMediaService): FastifyPluginAsyncZod =>
  async (app) => {
    // The body is the file itself, whatever type the browser gave it: it reaches the service
    // as a stream, unread, and its kind is taken from its bytes alone.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    app.post(
      '/studio/guides/:token/media',
      {
        bodyLimit: MEDIA_MAX_ANY_BYTES,
        // The body schema is for the OpenAPI document alone: the body is a stream, read later.
        validatorCompiler: (route) =>
          route.httpPart === 'body'
            ? (data: unknown) => ({ value: data })
            : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
        schema: {
          summary: "Upload an audio file or a picture to a guide's media (studio)",
          description: `${bearer} The request body is the file (any Content-Type; its kind is read from its bytes): audio as MP3, M4A, Ogg or WAV up to 50 MB, pictures as JPEG, PNG or WebP up to 20 MB. Pictures are stored upright and without metadata. The file is stored once per content; \`path\` is how the draft names it. 413 when too large (a Content-Length past the limit is refused before the body is read), 415 for any other kind of file.`,
          tags: ['studio'],
          params: z.object({ token: tokenParam }),
          querystring: z.object({
            name: z
              .string()
              .max(255)
              .optional()
              .describe("The file's name on the device (only logged)"),
            kind: z
              .enum(['audio', 'image'])
              .optional()
              .describe(
                'The one kind the file is for (a picture or an audio field): another is 415',
              ),
          }),
          consumes: ['application/octet-stream', 'audio/*', 'image/*'],
          body: z.any().meta({ type: 'string', format: 'binary', description: 'The file' }),
          response: {
            201: studioMediaSchema,
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
            413: errorSchema,
            415: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const declared = req.headers['content-length'];
        const user = await app.currentUser(req);
        const stored = await unlessCancelled(req, 'upload', () =>
          media.upload(
            user,
            req.params.token,
            req.body as Readable | undefined,
            declared === undefined ? undefined : Number(declared),
            req.query.kind,
          ),
        );
        req.log.info({ name: req.query.name, path: stored.path }, 'studio media stored');
        return reply.status(201).send(stored);
      },
    );
  };

/**
 * GET /studio-media/{sha256}.{ext}[?w=]: the pool's files (the hash in the name is the
 * capability), with byte ranges and ETag; `?w=` one of the made widths answers a picture as a
 * right-sized WebP. They are a draft's media: `private, no-store` (preview-guard.ts has the
 * last word on the header of both).
 */
export async function registerStudioMedia(
  app: FastifyInstance,
  pool: MediaPool,
  variants: ImageVariants,
  /** A bucket's right-sized pictures: the pool lives in a bucket (pool.store). */
  inBucket?: StoreVariants,
) {
  if (pool.store.kind !== 'disk') return registerBucketPool(app, pool, inBucket!);
  mkdirSync(pool.dir, { recursive: true });
  await app.register(async (scope) => {
    // reply.sendFile of this scope alone (the guides' media have their own).
    await scope.register(fastifyStatic, { root: pool.dir, serve: false });
    scope.get(`${STUDIO_MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (req, reply) => {
      const { name } = req.params as { name: string };
      const file = pool.file(name);
      if (!file) {
        reply.callNotFound();
        return reply;
      }
      const width = requestedWidth(req.query, name);
      const key = name.split('.')[0];
      if (width !== undefined)
        return sendVariant(req, reply, variants, { file, root: pool.dir, key }, width);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
      return reply.sendFile(name, { cacheControl: false });
    });
  });
}

/** The same route when the pool's files are objects of a bucket. */
async function registerBucketPool(app: FastifyInstance, pool: MediaPool, variants: StoreVariants) {
  app.get(`${STUDIO_MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    if (!pool.file(name)) {
      reply.callNotFound();
      return reply;
    }
    const width = requestedWidth(req.query, name);
    const source = { key: poolKey(name), cacheControl: PREVIEW_CACHE_CONTROL };
    if (width !== undefined)
      return sendStoredVariant(
        req,
        reply,
        pool.store,
        variants,
        {
          ...source,
          contentKey: name.split('.')[0],
        },
        width,
      );
    return sendStored(req, reply, pool.store, source.key, source);
  });
}
