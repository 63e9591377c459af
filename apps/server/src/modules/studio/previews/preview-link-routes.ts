import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, previewLinkSchema } from '@earshot/core';
import type { PreviewsService } from './previews-service.js';

/**
 * GET /api/v1/previews/{token}: a preview link's expiry for the visitor app's "Preview — not
 * published" banner. Outside the studio's guard: whoever holds the link may see the preview,
 * and so when it ends; nothing else of it.
 */
export const previewLinkRoutes =
  (previews: PreviewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/previews/:token',
      {
        schema: {
          summary: "When a studio preview link stops working (the visitor app's banner)",
          description:
            "No account needed: the token is the link's own. 404 for a token that is no live preview link.",
          tags: ['studio'],
          params: z.object({ token: z.string().max(64) }),
          response: { 200: previewLinkSchema, 404: errorSchema },
        },
      },
      async (req, reply) => {
        const link = await previews.link(req.params.token);
        return reply.header('cache-control', 'private, no-store').send(link);
      },
    );
  };
