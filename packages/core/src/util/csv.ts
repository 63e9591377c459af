import { slugOf } from './slug.js';

/** A cell of a CSV table: text, a number, a yes/no, or nothing (an empty cell). */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * A spreadsheet opens a cell that starts with one of these as a formula (`=HYPERLINK(…)`,
 * `+cmd|…`, `@SUM(…)`, and tab, carriage return or line feed before them): text cells that
 * start so get a leading apostrophe, which the spreadsheet shows as plain text (OWASP "CSV
 * injection"). Some spreadsheets also read the full-width and small forms of `=` (U+FF1D, U+FE66)
 * as `=`; their `+`, `-` and `@` forms (U+FF0B, U+FF0D, U+FF20, U+FE62, U+FE63, U+FE6B) are guarded
 * too, as the same normalisation would turn them into the characters above.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFE66\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE6B]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows (the first is usually the header) as CSV text: comma-separated, CRLF line ends
 * (RFC 4180), each text cell quoted when it must be and guarded against formula injection.
 * Numbers are written as they are (a negative number is a number, not a formula).
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + (rows.length ? '\r\n' : '');
}

/**
 * A CSV file's name from its parts (`riverfront-walk`, `drop-off`, `2026-11-01`…): lower-case
 * ASCII letters, digits and single dashes, so every system saves it as it is.
 */
export const csvFileName = (...parts: string[]): string =>
  `${slugOf(parts.join('-'), { fallback: 'table' })}.csv`;
