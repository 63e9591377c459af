import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPreviewToken, PREVIEW_PARAM } from '@earshot/core';
import { BadRequestError } from '../../plugins/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The preview this request may see: its `preview` query parameter (visibility.ts). */
    previewToken: string | null;
  }
}

/**
 * Which guides' rows a read may see (docs/studio.md, Preview): published guides, and the
 * studio preview whose token the request carries. A preview's rows are never reached by an
 * id, a filter, a list or a media path alone: the token is the right to see them.
 */
export type Visibility = { preview?: string };

/** Whether a read that may see `v` sees this guide row. */
export const canSee = (guide: { status: string; token: string }, v: Visibility): boolean =>
  guide.status === 'data' || (v.preview !== undefined && guide.token === v.preview);

/** What a request may see: published guides, and the preview it names with `preview=`. */
export const visibilityOf = (req: FastifyRequest): Visibility =>
  req.previewToken ? { preview: req.previewToken } : {};

export const PREVIEW_PARAM_MESSAGE = `${PREVIEW_PARAM} is the token of a preview link (43 letters, digits, "-" or "_")`;

/**
 * Reads the `preview` query parameter of every API and media request once, before any route
 * checks its query: it is taken out of the query (every route may be asked within a preview: the app
 * adds it to each call while a preview is open) and kept as `req.previewToken`. A value that
 * cannot be a preview token answers 400.
 */
export function registerPreviewScope(app: FastifyInstance): void {
  app.decorateRequest('previewToken', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/static/tours/')) return;
    const query = req.query as Record<string, unknown> | undefined;
    if (!query || !Object.hasOwn(query, PREVIEW_PARAM)) return;
    const value = query[PREVIEW_PARAM];
    delete query[PREVIEW_PARAM];
    if (!isPreviewToken(value)) throw new BadRequestError(PREVIEW_PARAM_MESSAGE);
    req.previewToken = value;
  });
}
