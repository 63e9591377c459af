/** The keys of media in a MediaStore (relative to DATA_DIR, today's folder layout). */
export const TOURS_PREFIX = 'media/tours/';
export const VARIANTS_PREFIX = 'media/variants/';
export const ANSWERS_PREFIX = 'media/answers/';
export const POOL_PREFIX = 'studio-media/';

/** The folder of one guide's media. */
export const guideMediaPrefix = (guideId: number) => `${TOURS_PREFIX}${guideId}/`;
export const poolKey = (name: string) => POOL_PREFIX + name;
export const variantKey = (name: string) => VARIANTS_PREFIX + name;
export const answerKey = (name: string) => ANSWERS_PREFIX + name;

/** A key's relative path without any `.`/`..`/empty segment or NUL/backslash, else null. */
export function safeRelative(rel: string): string | null {
  const parts = rel.split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..' && !/[\\\0]/.test(p)) ? rel : null;
}
