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
export const placeParam = z.string().min(1).max(200).regex(PLACE_PATTERN, 'Spaces are not allowed');
export const idParam = z
  .string()
  .max(15)
  .regex(ID_PATTERN, 'An id is digits only')
  .transform((s) => Number(s));

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
  return ID_PATTERN.test(s);
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
