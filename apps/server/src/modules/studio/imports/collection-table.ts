import { featureColumns, featureCoordinate, type ImportTable } from '@earshot/core';

/**
 * A collection file the server cannot turn into an ImportTable. `message` is for the publisher,
 * in plain words, saying what to do; `detail` is the parser's own words, for a bug report.
 */
export class CollectionParseError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'CollectionParseError';
  }
}

/**
 * A text file's characters: UTF-8 (a byte-order mark dropped, so the first column's name is as
 * the publisher sees it), UTF-16 when its byte-order mark says so (Excel's "Unicode text"), and
 * otherwise Windows-1252 when the bytes are no UTF-8, as Excel on Windows saves "CSV (Comma
 * delimited)"; read as UTF-8, its accented letters would all be "�".
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The most rows (or map features) one file may bring. A guide of 500 stops is a large one; ten
 * times that leaves room for a collection's catalogue, and keeps a mistaken export of a whole
 * database from being read, checked and shown row by row.
 */
export const IMPORT_MAX_ROWS = 5_000;
/** The most columns: a spreadsheet of stops has a few dozen. */
export const IMPORT_MAX_COLUMNS = 1_000;

export const tooManyRows = () =>
  new CollectionParseError(
    `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it into several files and import each.`,
  );

const tooManyColumns = () =>
  new CollectionParseError(
    `The file has more than ${IMPORT_MAX_COLUMNS.toLocaleString('en-US')} columns: keep only the ones the stops need.`,
  );

/** A spreadsheet's column letter, as the publisher's app shows it: 0 → "A", 26 → "AA". */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * The header row's names, each once, so that every column can be named in a mapping: an empty
 * header cell is named by its letter ("Column C"), and a name met again gets its count ("Photo",
 * "Photo (2)", "Photo (3)"; the first keeps its name), skipping any name the header already has.
 * Names are compared as written, so "Title" and "title" stay two columns, as they are in the file.
 */
export function uniqueHeaders(header: readonly string[]): string[] {
  const named = header.map((h, i) => (h.trim() === '' ? `Column ${columnLetter(i)}` : h));
  const used = new Set(named);
  const seen = new Set<string>();
  return named.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 2;
    while (used.has(`${name} (${n})`)) n += 1;
    const renamed = `${name} (${n})`;
    used.add(renamed);
    seen.add(renamed);
    return renamed;
  });
}

/**
 * A spreadsheet's cells (its first line the header) as an ImportTable: every later line is a row,
 * an empty one too, so that row numbers are the spreadsheet's (importRowNumber). A row longer than
 * the header gets columns of its own ("Column F"); a column with neither a name nor a value is
 * left out, which renames nothing, as unnamed columns are named by their letters. Empty lines at
 * the very end (a file's last line break) are dropped: they number no row anyone sees.
 */
export function sheetTable(cells: string[][], what: string): ImportTable {
  const isEmpty = (row: readonly string[]) => row.every((c) => c.trim() === '');
  let end = cells.length;
  while (end > 0 && isEmpty(cells[end - 1]!)) end -= 1;
  const lines = cells.slice(0, end);
  const header = lines[0];
  if (!header || isEmpty(header))
    throw new CollectionParseError(
      `The ${what} has no header row: its first row must name the columns (Title, Latitude, Longitude …).`,
    );
  if (lines.length === 1)
    throw new CollectionParseError(`The ${what} has only its header row: no stops under it.`);
  if (lines.length - 1 > IMPORT_MAX_ROWS) throw tooManyRows();
  const width = Math.max(...lines.map((l) => l.length));
  if (width > IMPORT_MAX_COLUMNS) throw tooManyColumns();
  const names = uniqueHeaders(Array.from({ length: width }, (_, i) => header[i] ?? ''));
  const kept = names.flatMap((name, i) =>
    (header[i] ?? '').trim() !== '' || lines.some((l) => (l[i] ?? '').trim() !== '')
      ? [{ name, i }]
      : [],
  );
  return {
    kind: 'sheet',
    columns: kept.map((k) => k.name),
    rows: lines.slice(1).map((l) => Object.fromEntries(kept.map((k) => [k.name, l[k.i] ?? '']))),
  };
}

/** A map feature as the parsers hand it over: GeoJSON's shape, after its schema. */
export type MapFeature = {
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates?: unknown } | null;
};

/** A property's value as a cell: text as it is, a number as String(n), anything else as JSON. */
function propertyText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A Point's [longitude, latitude], or null for any other geometry. */
function pointOf(geometry: MapFeature['geometry']): [number, number] | null {
  if (geometry?.type !== 'Point' || !Array.isArray(geometry.coordinates)) return null;
  const [lng, lat] = geometry.coordinates as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' && isFinite(lng) && isFinite(lat)
    ? [lng, lat]
    : null;
}

/**
 * Map features as an ImportTable (collection-import.ts): each feature a row, its properties the
 * columns in the order first met, and a point's place in featureColumns' two columns; a line or an
 * area leaves them empty, and the importer refuses that row as having no place.
 */
export function featureTable(features: readonly MapFeature[], what: string): ImportTable {
  if (features.length === 0) throw new CollectionParseError(`The ${what} holds no places.`);
  if (features.length > IMPORT_MAX_ROWS) throw tooManyRows();
  const names = new Set<string>();
  for (const f of features) for (const key of Object.keys(f.properties ?? {})) names.add(key);
  if (names.size > IMPORT_MAX_COLUMNS) throw tooManyColumns();
  const { columns, lat, lng } = featureColumns([...names]);
  const rows = features.map((f) => {
    const point = pointOf(f.geometry);
    return Object.fromEntries([
      ...[...names].map((name) => [name, propertyText(f.properties?.[name])]),
      [lat, point ? featureCoordinate(point[1]) : ''],
      [lng, point ? featureCoordinate(point[0]) : ''],
    ]) as Record<string, string>;
  });
  return { kind: 'features', columns, rows };
}
