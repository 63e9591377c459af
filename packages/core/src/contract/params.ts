/**
 * Route parameter rules of SPEC §5, without zod: the app's first load takes these (the
 * schemas built on them are in param-schemas.ts, loaded only where a schema is parsed).
 */

/**
 * The one token rule (SPEC §5): a guide's, stop's, layer's, badge's or level's token, and a
 * hunt's or challenge's key in a bundle, holds only these characters, at most TOKEN_MAX of
 * them. The bundle, the studio's draft calls and every route parameter check it with
 * param-schemas.ts `tokenParam` (and its TOKEN_MESSAGE); the app's routes and the server's
 * page shell with `isValidToken`. A trailing space in a guide's path is stripped first
 * (guide-visit.ts `guideTokenFromPath`).
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9\-&_]+$/;
/** The longest token: the database stores none longer. */
export const TOKEN_MAX = 120;
/** City, state and search: token characters plus any other non-space character. */
export const PLACE_PATTERN = /^\S+$/;
export const ID_PATTERN = /^\d+$/;
/** Largest id: ids are PostgreSQL `integer`/`serial` columns (SQLite uses the same bound). */
export const MAX_ID = 2_147_483_647;

export function isValidToken(s: string): boolean {
  return s.length <= TOKEN_MAX && TOKEN_PATTERN.test(s);
}
export function isValidPlace(s: string): boolean {
  return PLACE_PATTERN.test(s);
}

/**
 * City, state and search route parameters are checked as they stand in the URL
 * (percent-encoded), so "San Francisco" travels as "San%20Francisco" and passes.
 */
export function isValidPlaceSegment(decoded: string): boolean {
  return (
    decoded.length > 0 && decoded.length <= 200 && PLACE_PATTERN.test(encodeURIComponent(decoded))
  );
}
