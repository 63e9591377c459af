import { z } from 'zod';
import { ID_PATTERN, MAX_ID, TOKEN_MAX, TOKEN_PATTERN } from './params.js';

/*
 * The zod schemas of the route parameter rules (params.ts). Apart from params.ts so that a
 * chunk holding its plain rules never imports zod (the visitor routes' first load holds none:
 * decision 0011).
 */

/** What a token that breaks TOKEN_PATTERN is told. */
export const TOKEN_MESSAGE = 'A token may hold only letters, digits, "-", "&" and "_"';
/**
 * A token wherever one is given (params.ts TOKEN_PATTERN): in a route's path or query, in a
 * bundle (its stops', layers', badges', levels', hunts' and challenges' tokens and keys) and
 * in the studio's draft calls.
 */
export const tokenParam = z.string().min(1).max(TOKEN_MAX).regex(TOKEN_PATTERN, TOKEN_MESSAGE);
/**
 * Control characters: PostgreSQL text cannot hold NUL, and none belongs in a place name. Line
 * and paragraph separators and bidirectional overrides count too: they split or reorder what
 * a log or a list shows.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u;
/**
 * A city, state or search value in a query or a body (`cities?name=`, `city__name=`, an
 * event's place): decoded, so a city's own name with its spaces ("San Francisco", "St. Paul").
 * A path segment is checked as it stands in the URL instead (params.ts isValidPlaceSegment).
 */
export const placeParam = z
  .string()
  .max(200)
  .refine((s) => /\S/u.test(s), 'A place name cannot be blank')
  .refine((s) => !CONTROL.test(s), 'Control characters are not allowed');
/**
 * A user's id in a path (a studio member's): better-auth makes them of letters and digits. Only
 * those, "-" and "_" pass, so no NUL byte (which PostgreSQL text cannot hold) reaches SQL.
 */
export const userIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A user id holds only letters, digits, "-" and "_"');

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
export function isValidId(s: string): boolean {
  return idParam.safeParse(s).success;
}
