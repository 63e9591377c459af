import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  errorSchema,
  idParam,
  previewMadeSchema,
  previewRequestSchema,
  previewSchema,
  problemsErrorSchema,
  studioDraftSchema,
  tokenParam,
  PREVIEW_TTL_MS,
  STUDIO_IMPORT_MAX_BYTES,
} from '@earshot/core';
import { HttpError } from '../../../plugins/errors.js';
import { IMPORT_TOO_LARGE, type BundleIo } from './bundle-io.js';
import type { PreviewsService } from '../previews/previews-service.js';
import { unlessCancelled } from '../media/upload-cancelled.js';

const tags = ['studio'];
const bearer =
  'Needs `Authorization: Bearer <token>` of a member of the owning organisation or an admin.';
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const guide = z.object({ token: tokenParam });
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** Preview links, and a draft's import from and export to a bundle .zip (docs/studio.md). */
export const bundleRoutes =
  (previews: PreviewsService, io: BundleIo): FastifyPluginAsyncZod =>
  async (app) => {
    // The .zip is streamed to a temp file as it comes (its limit is checked as it streams).
    app.addContentTypeParser(ZIP_TYPES, (_req, payload, done) => done(null, payload));

    app.post(
      '/guides/:token/preview',
      {
        schema: {
          summary: 'A preview link of the draft in the visitor app (no account needed)',
          description: `${bearer} A new link works for ${PREVIEW_TTL_MS / 86_400_000} days and is never renewed. While the guide has a live link, the next preview shows the latest draft at that link (\`created: false\`, the same expiry); \`{ "new_link": true }\` revokes it and makes a new one (\`created: true\`). 422 lists the problems that stop it.`,
          tags,
          params: guide,
          body: previewRequestSchema,
          response: { 201: previewMadeSchema, ...errors, 422: problemsErrorSchema },
        },
      },
      async (req, reply) =>
        reply.code(201).send(
          await previews.make(await app.currentUser(req), req.params.token, {
            newLink: req.body?.new_link === true,
          }),
        ),
    );

    app.get(
      '/guides/:token/preview',
      {
        schema: {
          summary: "The guide's live preview link",
          description: `${bearer} 404 when it has none (never made, expired or revoked).`,
          tags,
          params: guide,
          response: { 200: previewSchema, ...errors },
        },
      },
      async (req) => previews.current(await app.currentUser(req), req.params.token),
    );

    app.delete(
      '/guides/:token/preview',
      {
        schema: {
          summary: "Revoke the guide's preview link",
          description: `${bearer} The link answers 404 at once: its guide, rows and media are removed.`,
          tags,
          params: guide,
          response: { 204: z.null().describe('No content'), ...errors },
        },
      },
      async (req, reply) => {
        await previews.revoke(await app.currentUser(req), req.params.token);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/import',
      {
        // The body schema is for the OpenAPI document alone: the body is a stream, read later.
        validatorCompiler: (route) =>
          route.httpPart === 'body'
            ? (data: unknown) => ({ value: data })
            : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
        schema: {
          summary: "Import a bundle .zip as the draft of its guide (the importer's own checks)",
          description: `${bearer} Body: the .zip (Content-Type application/zip), at most ${STUDIO_IMPORT_MAX_BYTES / 1024 / 1024} MB. 201 when it made the guide, 200 when it replaced its draft; 400 with the importer's problems.`,
          tags,
          querystring: z.object({ organisation: idParam }).strict(),
          consumes: ['application/zip'],
          body: z.any().meta({ type: 'string', format: 'binary', description: 'The bundle .zip' }),
          response: {
            200: studioDraftSchema,
            201: studioDraftSchema,
            400: problemsErrorSchema.or(errorSchema),
            401: errorSchema,
            404: errorSchema,
            413: errorSchema,
            415: errorSchema,
          },
        },
      },
      async (req, reply) => {
        // Only the .zip types above come as a stream; JSON or text was parsed by another parser.
        if (typeof (req.body as Readable | null)?.pipe !== 'function') {
          return reply.code(415).send({ message: 'Send the bundle as application/zip' });
        }
        // A declared size past the limit is refused before a byte is read.
        if (Number(req.headers['content-length'] ?? 0) > STUDIO_IMPORT_MAX_BYTES)
          throw new HttpError(413, IMPORT_TOO_LARGE);
        const user = await app.currentUser(req);
        const { draft, created } = await unlessCancelled(req, 'import', () =>
          io.importZip(user, req.query.organisation, req.body as Readable),
        );
        return reply.code(created ? 201 : 200).send(draft);
      },
    );

    app.get(
      '/guides/:token/export',
      {
        schema: {
          summary: 'The draft as a bundle .zip (guide.json and its media)',
          description: bearer,
          tags,
          params: guide,
          response: {
            200: {
              description: 'The bundle .zip',
              content: {
                'application/zip': { schema: z.string().meta({ format: 'binary' }) },
              },
            },
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const zip = await io.exportZip(await app.currentUser(req), req.params.token);
        return (
          reply
            .header('content-type', 'application/zip')
            .header('content-disposition', `attachment; filename="${req.params.token}.zip"`)
            .header('cache-control', 'private, no-store')
            // A stream is sent as it is: the response schema only documents the body.
            .send(zip as unknown as string)
        );
      },
    );
  };
