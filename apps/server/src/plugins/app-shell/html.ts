/** Text in the page: escaped for HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Text from the database in the page: escaped, `%` too, so no page marker can come of it. */
export const escapeData = (s: string) => escapeHtml(s).replaceAll('%', '&#37;');

/**
 * Each marker of `values` in `html` replaced by its value, in one pass: a value is never read
 * again for markers (a city named like one stays as named), nor for `$` patterns.
 */
export function fill(html: string, values: Record<string, string>): string {
  const markers = Object.keys(values).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    markers.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  return html.replace(pattern, (k) => values[k]!);
}

/** The first `marker` in `html` replaced by `value` (a function: no `$` in a value is a pattern). */
export const put = (html: string, marker: string, value: string) =>
  html.replace(marker, () => value);
