import type { z } from 'zod';

/**
 * Plain-text fields hold no HTML markup (docs/security.md, "Nothing a publisher or visitor writes
 * runs as HTML"). A web page puts them in as text, but a field that cannot hold markup stays
 * harmless where one place forgets to (a Leaflet tooltip given a string sets innerHTML: a title
 * `<meta http-equiv="refresh" …>` sent the visitor off-site).
 *
 * Markup is what an HTML parser reads as more than text: a "<" followed by an ASCII letter (a
 * tag), "/" (an end tag, or a bogus comment), "!" (a comment, doctype or CDATA) or "?" (a
 * processing instruction) — the tokenizer's tag-open state. Any other "<" is only text to the
 * parser, so "a < b", "5 <3", "<= 10" and "<-" stay allowed; "a<b" is refused (a parser reads
 * "<b" as a tag). A full-width "＜" or an escaped "&lt;" is text too.
 */
const MARKUP = /<[A-Za-z!/?]/;
/** The same rule as a whole-string pattern, so that JSON Schema (and editors) know it too. */
export const PLAIN_TEXT_PATTERN = /^(?![\s\S]*<[A-Za-z!/?])/;

/** The first markup in `value`, as the publisher wrote it ("<meta", "</b>"), or null. */
export function plainTextMarkup(value: string): string | null {
  const at = value.search(MARKUP);
  if (at === -1) return null;
  return /^<[A-Za-z!/?][^\s<>"']{0,24}>?/.exec(value.slice(at))![0];
}

/** Why `value` cannot be a plain-text field, or null when it can. */
export function plainTextProblem(value: string): string | null {
  const markup = plainTextMarkup(value);
  return markup === null
    ? null
    : `Plain text only: "${markup}" would be HTML markup here (a "<" may stand before a space or a digit, as in "a < b").`;
}

/** `schema` refusing markup, with plainTextProblem's message (and the pattern in JSON Schema). */
export function plainTextField<S extends z.ZodString>(schema: S): S {
  return schema.regex(PLAIN_TEXT_PATTERN, {
    error: (issue) => plainTextProblem(String(issue.input)) ?? 'Plain text only.',
  }) as S;
}
