import { z } from 'zod';
import { ID_PATTERN, MAX_ID, PLACE_PATTERN, TOKEN_PATTERN } from './params.js';

/*
 * The zod schemas of the route parameter rules (params.ts). Apart from params.ts so that a
 * chunk holding its plain rules never imports zod (issue 18: the visitor routes' first load).
 */

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
