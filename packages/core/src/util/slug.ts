/**
 * Slugs: lower-case ASCII letters and digits joined by single "-", made from any text, so a
 * URL, an address name or a file name holds it as it is. One rule for a guide's proposed
 * token (studio/draft-rules.ts `guideSlug`), an organisation's address name
 * (contract/studio-api.ts `slugify`) and a CSV file's name (util/csv.ts `csvFileName`).
 */

/** The longest slug a guide token is proposed with, and an organisation's address name. */
export const SLUG_MAX = 60;
/** What a slug looks like: what `slugOf` makes, and an address name given must be. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * `text` as a slug of at most `max` characters ("Café Walk: Old Town" → "cafe-walk-old-town"):
 * accents dropped, ß, æ, œ and ø spelt out in ASCII, every other run of characters that are
 * not letters or digits one "-", none at either end; `fallback` when nothing is left.
 */
export function slugOf(
  text: string,
  { max = Infinity, fallback }: { max?: number; fallback: string },
): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The first of `base`, `base-2`, `base-3` … that `taken` does not hold, at most SLUG_MAX long. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, SLUG_MAX - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
