import { z } from 'zod';

/** Route parameter rules of SPEC §5. */
export const TOKEN_PATTERN = /^[A-Za-z0-9\-&_]+$/;
/** City, state and search: token characters plus any other non-space character. */
export const PLACE_PATTERN = /^\S+$/;
export const ID_PATTERN = /^\d+$/;

export const tokenParam = z
  .string()
  .max(200)
  .regex(TOKEN_PATTERN, 'A token may hold only letters, digits, "-", "&" and "_"');
/** Control characters: PostgreSQL text cannot hold NUL, and none belongs in a place name. */
const CONTROL = /\p{Cc}/u;
export const placeParam = z
  .string()
  .min(1)
  .max(200)
  .regex(PLACE_PATTERN, 'Spaces are not allowed')
  .refine((s) => !CONTROL.test(s), 'Control characters are not allowed');
/** Largest id: ids are PostgreSQL `integer`/`serial` columns (SQLite uses the same bound). */
export const MAX_ID = 2_147_483_647;
const ID_RANGE = `An id is a whole number from 1 to ${MAX_ID}`;

/**
 * A whole number in `min..max` given as text (path and query values). Bounded here so that no
 * value beyond the database's integer range reaches SQL (PostgreSQL would answer an error).
 */
export const boundedIntParam = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(ID_PATTERN, message)
    .refine((s) => {
      const n = Number(s);
      return n >= min && n <= max;
    }, message)
    .transform((s) => Number(s));

export const idParam = boundedIntParam(1, MAX_ID, ID_RANGE);

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
export function isValidId(s: string): boolean {
  return idParam.safeParse(s).success;
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
