/**
 * Route parameter rules of SPEC §5, without zod: the app's first load takes these (the
 * schemas built on them are in param-schemas.ts, loaded only where a schema is parsed).
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9\-&_]+$/;
/** City, state and search: token characters plus any other non-space character. */
export const PLACE_PATTERN = /^\S+$/;
export const ID_PATTERN = /^\d+$/;
/** Largest id: ids are PostgreSQL `integer`/`serial` columns (SQLite uses the same bound). */
export const MAX_ID = 2_147_483_647;

/** SPEC §2: a trailing encoded space in a guide token is stripped. */
export function normaliseGuideToken(raw: string): string {
  return raw.replace(/(%20|\s)+$/u, '');
}

export function isValidToken(s: string): boolean {
  return TOKEN_PATTERN.test(s);
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
