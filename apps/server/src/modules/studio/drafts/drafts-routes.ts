import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGuideSchema,
  draftConflictSchema,
  errorSchema,
  guidePlaceSchema,
  guideVersionSchema,
  problemsErrorSchema,
  publishedSchema,
  revisionBodySchema,
  saveDraftSchema,
  savedDraftSchema,
  studioDraftSchema,
  tokenParam,
  boundedIntParam,
  MAX_ID,
} from '@earshot/core';
import type { DraftsService } from './drafts-service.js';

const tags = ['studio'];
const bearer =
  'Needs `Authorization: Bearer <token>` of a member of the owning organisation or an admin.';
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const guide = z.object({ token: tokenParam });
/** A draft holds a whole guide's text (descriptions are HTML): room for a large one. */
export const DRAFT_BODY_LIMIT = 5 * 1024 * 1024;

/** Create, open, save, publish, versions and restore of a guide's draft (docs/studio.md). */
export const draftsRoutes =
  (drafts: DraftsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/guides',
      {
        schema: {
          summary:
            'Create a guide: its first draft (the token proposed from the title when left out)',
          description: bearer,
          tags,
          body: createGuideSchema,
          response: { 201: studioDraftSchema, ...errors, 409: errorSchema },
        },
      },
      async (req, reply) => {
        const draft = await drafts.create(await app.currentUser(req), req.body);
        return reply.code(201).send(draft);
      },
    );

    app.get(
      '/guides/:token/draft',
      {
        schema: {
          summary: "A guide's draft with its problems (a published guide's is made on first open)",
          description: bearer,
          tags,
          params: guide,
          response: { 200: studioDraftSchema, ...errors },
        },
      },
      async (req) => drafts.open(await app.currentUser(req), req.params.token),
    );

    app.put(
      '/guides/:token/draft',
      {
        bodyLimit: DRAFT_BODY_LIMIT,
        schema: {
          summary: 'Save the draft (autosave) as the next revision of the one it was based on',
          description: `${bearer} A stale revision answers 409 with who saved the newer one, when, and which parts differ from yours.`,
          tags,
          params: guide,
          body: saveDraftSchema,
          response: { 200: savedDraftSchema, ...errors, 409: draftConflictSchema },
        },
      },
      async (req) => drafts.save(await app.currentUser(req), req.params.token, req.body),
    );

    app.post(
      '/guides/:token/publish',
      {
        schema: {
          summary: 'Publish the draft: the importer checks and writes it in one transaction',
          description: `${bearer} 422 lists every problem that blocks it.`,
          tags,
          params: guide,
          body: revisionBodySchema,
          response: {
            200: publishedSchema,
            ...errors,
            409: draftConflictSchema,
            422: problemsErrorSchema,
          },
        },
      },
      async (req) =>
        drafts.publish(await app.currentUser(req), req.params.token, req.body.revision),
    );

    app.get(
      '/guides/:token/place',
      {
        schema: {
          summary: "Where the guide's city is, for the editor's map before the first stop",
          description: `${bearer} The box around the published guides of the draft's city (their middles); 404 when that city has none.`,
          tags,
          params: guide,
          response: { 200: guidePlaceSchema, ...errors },
        },
      },
      async (req) => drafts.place(await app.currentUser(req), req.params.token),
    );

    app.get(
      '/guides/:token/versions',
      {
        schema: {
          summary: "A guide's published versions, newest first",
          description: bearer,
          tags,
          params: guide,
          response: { 200: z.array(guideVersionSchema), ...errors },
        },
      },
      async (req) => drafts.versions(await app.currentUser(req), req.params.token),
    );

    app.post(
      '/guides/:token/versions/:number/restore',
      {
        schema: {
          summary: 'Restore a published version as the new draft',
          description: bearer,
          tags,
          params: z.object({
            token: tokenParam,
            number: boundedIntParam(1, MAX_ID, `a version number from 1 to ${MAX_ID}`),
          }),
          body: revisionBodySchema,
          response: { 200: studioDraftSchema, ...errors, 409: draftConflictSchema },
        },
      },
      async (req) =>
        drafts.restore(
          await app.currentUser(req),
          req.params.token,
          req.params.number,
          req.body.revision,
        ),
    );
  };
