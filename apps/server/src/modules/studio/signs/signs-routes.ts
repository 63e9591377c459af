import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  signLinksSchema,
  signMissingSchema,
  signSheetRequestSchema,
  signTargetSchema,
  tokenParam,
  SIGNS_MAX,
} from '@earshot/core';
import { SignMissingError, type SignsService } from './signs-service.js';

const tags = ['studio'];
const bearer =
  'Needs `Authorization: Bearer <token>` of a member of the owning organisation or an admin.';
const guide = z.object({ token: tokenParam });

/** The studio's sign calls (under /api/v1/studio, behind its guard; docs/studio.md "Signs"). */
export const studioSignRoutes =
  (signs: SignsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/guides/:token/signs',
      {
        schema: {
          summary: 'A print-ready PDF of signs for the draft’s stops (QR code, short link, title)',
          description: `${bearer} Every stop of the draft, in tour order, or the stops named (at most ${SIGNS_MAX}). A stop's short link is made on its first sheet and kept: renamed, moved, re-imported or in a guide of a new token, its signs still open it. 400 names stops not in the draft; 409 stops whose tokens another organisation's signs hold; 422 a draft with no stops or not readable as a guide.`,
          tags,
          params: guide,
          body: signSheetRequestSchema,
          produces: ['application/pdf'],
          response: {
            200: z.any().meta({ type: 'string', format: 'binary', description: 'The PDF' }),
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
            409: errorSchema,
            422: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const { pdf, name } = await signs.sheet(
          await app.currentUser(req),
          req.params.token,
          req.body,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Buffer.from(pdf));
      },
    );

    app.get(
      '/guides/:token/signs',
      {
        schema: {
          summary: 'The short links of the draft’s stops that have a sign',
          description: `${bearer} None are made here: a stop's link is made with its first sheet.`,
          tags,
          params: guide,
          response: { 200: signLinksSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema },
        },
      },
      async (req) => signs.links(await app.currentUser(req), req.params.token),
    );
  };

/** What a sign opens, for everyone (under /api/v1). */
export const publicSignRoutes =
  (signs: SignsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/signs/:code',
      {
        schema: {
          summary: 'The published stop a sign’s short link opens',
          description:
            'No account needed. The code is read as a person types it (any case, spaces or dashes, O for 0, I or L for 1). 404 for a code no stop has, or whose stop is no longer published, with the guide the sign was made for while it is.',
          tags: ['content'],
          params: z.object({ code: z.string().max(32) }),
          response: { 200: signTargetSchema, 404: signMissingSchema },
        },
      },
      async (req) => signs.open(req.params.code),
    );

    app.get(
      '/guides/:token/signs',
      {
        schema: {
          summary: 'The short links of a published guide’s stops (saved with an offline copy)',
          description:
            'No account needed; an empty list for a guide with no signs, or not published.',
          tags: ['content'],
          params: guide,
          response: { 200: signLinksSchema },
        },
      },
      async (req) => signs.ofGuide(req.params.token),
    );
  };

/**
 * GET /s/{code}, the link a sign's QR code holds: a redirect to its stop's page while the stop
 * is published (wherever it now is); else the app's 404 page, whose screen names the guide.
 */
export const signPageRoute =
  (signs: SignsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/s/:code',
      { schema: { hide: true, params: z.object({ code: z.string().max(32) }) } },
      async (req, reply) => {
        const target = await signs.open(req.params.code).catch((e: unknown) => {
          if (e instanceof SignMissingError) return null;
          throw e;
        });
        if (!target) return reply.callNotFound();
        // `from=sign`: the visit counts as come from a sign (docs/insights.md "Entries").
        const to = `/guide/${encodeURIComponent(target.guide_token)}/${encodeURIComponent(target.poi_token)}?from=sign`;
        return reply.header('cache-control', 'no-cache').redirect(to, 302);
      },
    );
  };
