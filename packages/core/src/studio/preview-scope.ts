/**
 * Which preview a request may see (docs/studio.md, Preview; docs/security.md). A studio preview's
 * rows are found only by its token: its guide by `tour-by-token/{token}`, and every other row
 * (stops, layers, badges, hunts, challenges, options) and media file only by a request that carries
 * `preview={token}`. A bare id, filter, list or media path never reaches them. Apart from
 * draft-rules.ts so that the visitor app's first load takes only this.
 */

/** Random bytes of a preview token (base64url: 43 characters). */
export const PREVIEW_TOKEN_BYTES = 32;
export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The query parameter that names the preview a call may see. */
export const PREVIEW_PARAM = 'preview';

/** The call that tells when a preview link ends (GET previews/{token}, no account needed). */
export const previewLinkPath = (token: string) => `previews/${token}`;

export const isPreviewToken = (value: unknown): value is string =>
  typeof value === 'string' && PREVIEW_TOKEN_PATTERN.test(value);

/** The preview a guide's own calls are asked within: its token if it is a preview's. */
export const previewScopeOf = (guideToken: string): string | null =>
  isPreviewToken(guideToken) ? guideToken : null;

/**
 * `url` (an API path or a media URL, with or without a query, no fragment) asked within the
 * preview `token` (base64url: nothing to escape): with `preview={token}` added; as it is for no
 * token or one already carried.
 */
export function inPreview(url: string, token: string | null | undefined): string {
  if (!token || /[?&]preview=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${PREVIEW_PARAM}=${token}`;
}
