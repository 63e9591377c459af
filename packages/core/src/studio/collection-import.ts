import { z } from 'zod';
import { bundlePoiSchema } from '../bundle/bundle.js';
import { slugOf } from '../util/slug.js';
import { roundDegrees } from './studio-stops.js';

/**
 * A collection imported into a guide's draft from a spreadsheet or a map file (CSV, XLSX,
 * GeoJSON, KML, GPX; decision 0025 names the server's parsers), with a zip of its media. The
 * server parses the file into an ImportTable; these are the pure rules after that: which column
 * holds what (this file), what each row becomes and what is wrong with it
 * (collection-import-rows.ts), and which rows update which stops (collection-import-plan.ts).
 *
 * The table a parser hands over:
 * - A spreadsheet (CSV, XLSX, kind 'sheet'): row 1 is the header, whose cells are the columns as
 *   written (a byte-order mark or accents included); each later line is a row, an empty line too
 *   (as a row of empty cells, so that row numbers stay those the publisher sees: the importer
 *   skips it). A number cell is written as `String(n)`, so 12 is "12" and 45.52 is "45.52".
 * - A map file (GeoJSON, KML, GPX, kind 'features'): each feature (a placemark, a waypoint) is a
 *   row, numbered from 1; its properties are the columns, in the order first met, and its point
 *   two more columns after them, `featureColumns`' latitude and longitude, written by
 *   `featureCoordinate`. A feature that is no point (a line, an area) leaves both empty, so its
 *   row is refused as having no place.
 */
export type ImportTable = {
  columns: string[];
  rows: Record<string, string>[];
  /** 'sheet' (CSV, XLSX) when left out. */
  kind?: 'sheet' | 'features';
};

/** The names of the two columns a map file's points are written to, unless a property has one. */
export const GEOMETRY_COLUMNS = { lat: 'latitude', lng: 'longitude' } as const;

/**
 * The columns of a map file: its properties, then the point's latitude and longitude, named
 * GEOMETRY_COLUMNS' names, or "latitude (geometry)" … where a property already has the name (a
 * KML placemark may carry a "latitude" of its own, which stays as it was).
 */
export function featureColumns(properties: readonly string[]): {
  columns: string[];
  lat: string;
  lng: string;
} {
  const taken = new Set(properties.map(headerKey));
  const free = (name: string) => {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name} (geometry${n === 2 ? '' : ` ${n - 1}`})`;
      if (!taken.has(headerKey(candidate))) {
        taken.add(headerKey(candidate));
        return candidate;
      }
    }
  };
  const lat = free(GEOMETRY_COLUMNS.lat);
  const lng = free(GEOMETRY_COLUMNS.lng);
  return { columns: [...properties, lat, lng], lat, lng };
}

/** A point's coordinate as its column holds it: six decimals at most, never "1e-7". */
export const featureCoordinate = (degrees: number): string => String(roundDegrees(degrees));

/** The number a row is known by to the publisher: as the spreadsheet shows it, or the feature's. */
export const importRowNumber = (table: Pick<ImportTable, 'kind'>, index: number): number =>
  table.kind === 'features' ? index + 1 : index + 2;

/** "Row" or "Feature", as importRowNumber counts. */
export const importRowWord = (table: Pick<ImportTable, 'kind'>): 'Row' | 'Feature' =>
  table.kind === 'features' ? 'Feature' : 'Row';

const column = z.string().min(1).max(500);
/** The bundle's own rule for a language code ("en", "pt-BR"). */
const languageCode = bundlePoiSchema.shape.content.keyType;

/**
 * Which column holds what. Every field names a column of the table as written; a field left out
 * is not imported. The place is two columns (latitude, longitude) or one holding both ("45.52,
 * -122.67", read as the stop editor reads a typed place). Each image column may name several
 * files (separated by ";" or ","), its alt column one text per file (separated by ";"). Audio
 * and transcripts are per language of the guide.
 */
export const importMappingSchema = z.strictObject({
  title: column.optional(),
  subtitle: column.optional(),
  description: column.optional(),
  position: z
    .discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('columns'), latitude: column, longitude: column }),
      z.strictObject({ kind: z.literal('combined'), column }),
    ])
    .optional(),
  keypadCode: column.optional(),
  layer: column.optional(),
  images: z
    .array(z.strictObject({ column, alt: column.optional() }))
    .max(20)
    .default([]),
  audio: z.record(languageCode, column).default({}),
  transcript: z.record(languageCode, column).default({}),
  externalId: column.optional(),
});
export type ImportMapping = z.output<typeof importMappingSchema>;
export type ImportMappingInput = z.input<typeof importMappingSchema>;

/** Every column a mapping names, each once, in the mapping's order. */
export function mappedColumns(mapping: ImportMapping): string[] {
  const p = mapping.position;
  const all = [
    mapping.title,
    mapping.subtitle,
    mapping.description,
    ...(p ? (p.kind === 'columns' ? [p.latitude, p.longitude] : [p.column]) : []),
    mapping.keypadCode,
    mapping.layer,
    ...mapping.images.flatMap((i) => [i.column, i.alt]),
    ...Object.values(mapping.audio),
    ...Object.values(mapping.transcript),
    mapping.externalId,
  ];
  return [...new Set(all.filter((c): c is string => c !== undefined))];
}

/**
 * What keeps a mapping from being imported, in plain words (the server checks a mapping the
 * client sends with importMappingSchema, then with this): no title or place chosen, a column the
 * file does not have, a language the guide does not have.
 */
export function mappingProblems(
  mapping: ImportMapping,
  columns: readonly string[],
  languages: readonly string[],
): string[] {
  const problems: string[] = [];
  if (!mapping.title) problems.push('Choose the column that holds each stop’s title.');
  if (!mapping.position)
    problems.push(
      'Choose the columns that hold each stop’s latitude and longitude, or the one column that holds both.',
    );
  const have = new Set(columns);
  for (const c of mappedColumns(mapping))
    if (!have.has(c)) problems.push(`The file has no column “${shownColumn(c)}”.`);
  const codes = new Set([...Object.keys(mapping.audio), ...Object.keys(mapping.transcript)]);
  for (const code of codes)
    if (!languages.includes(code)) problems.push(`“${code}” is not one of the guide’s languages.`);
  return problems;
}

/** A column's name as a message shows it: without a byte-order mark or spaces around it. */
export const shownColumn = (name: string) => name.replace(/^\uFEFF/, '').trim();

/**
 * A header's words, as they are compared: accents, case, a byte-order mark and punctuation
 * dropped, and digits apart from letters ("Audio_FR" → "audio fr", "Photo2" → "photo 2",
 * "Lat, Lng" → "lat lng").
 */
export function headerKey(header: string): string {
  return slugOf(header, { fallback: '' })
    .replace(/([a-z])(\d)/g, '$1-$2')
    .replace(/(\d)([a-z])/g, '$1-$2')
    .replaceAll('-', ' ');
}

/** English headers of each field, as headerKey writes them. */
const HEADERS = {
  title: ['title', 'name', 'stop name', 'stop title', 'poi', 'heading'],
  subtitle: ['subtitle', 'sub title', 'subheading', 'tagline', 'byline'],
  description: ['description', 'desc', 'body', 'text', 'details', 'about'],
  latitude: ['lat', 'latitude', 'y'],
  longitude: ['lon', 'lng', 'long', 'longitude', 'x'],
  combined: [
    'coordinates',
    'coordinate',
    'coords',
    'location',
    'position',
    'gps',
    'lat lng',
    'lat lon',
    'lat long',
    'latlng',
    'latlon',
    'latlong',
    'latitude longitude',
  ],
  keypadCode: [
    'code',
    'stop',
    'number',
    'stop number',
    'stop no',
    'no',
    'nr',
    'keypad',
    'keypad code',
  ],
  layer: ['layer', 'category', 'group', 'type', 'folder'],
  externalId: ['id', 'external id', 'ref', 'reference', 'uid', 'uuid', 'key', 'feature id'],
  image: [
    'photo',
    'photos',
    'image',
    'images',
    'picture',
    'pictures',
    'img',
    'photo file',
    'image file',
  ],
  imageAlt: ['alt', 'alt text', 'alternative text', 'image alt', 'photo alt', 'picture alt'],
  audio: ['audio', 'recording', 'mp3', 'sound', 'audio file', 'narration'],
  transcript: ['transcript', 'transcription', 'script', 'audio transcript'],
} as const;
type HeaderField = keyof typeof HEADERS;

type ReadHeader = { column: string; field: HeaderField; language: string | null; n: number | null };

/**
 * What a header says: its field, the language it names before or after the words ("Audio (fr)",
 * "audio_fr", "FR transcript"), and its number ("Photo 2"); null when it is none of HEADERS.
 */
function readHeader(columnName: string, languages: readonly string[]): ReadHeader | null {
  const key = headerKey(columnName);
  const field = (words: string) =>
    (Object.keys(HEADERS) as HeaderField[]).find((f) =>
      (HEADERS[f] as readonly string[]).includes(words),
    );
  // "MP3" is one word, though headerKey reads "Photo2" as two.
  const whole = field(key) ?? field(key.replace(/([a-z]) (\d)/g, '$1$2'));
  if (whole) return { column: columnName, field: whole, language: null, n: null };
  const numbered = /^(.+) (\d+)$/.exec(key);
  if (numbered) {
    const f = field(numbered[1]!);
    if (f === 'image' || f === 'imageAlt')
      return { column: columnName, field: f, language: null, n: Number(numbered[2]) };
  }
  for (const language of languages) {
    const code = headerKey(language);
    const words = key.endsWith(` ${code}`)
      ? key.slice(0, -code.length - 1)
      : key.startsWith(`${code} `)
        ? key.slice(code.length + 1)
        : null;
    const f = words === null ? undefined : field(words);
    if (f) return { column: columnName, field: f, language, n: null };
  }
  return null;
}

/**
 * A first mapping from the header's names, for the publisher to correct: each field takes the
 * first column whose header is one of its English names (HEADERS), compared without case,
 * accents or punctuation. A header may name a language of the guide ("Audio (fr)", "audio_fr",
 * "Transcript FR"): audio and transcripts without one are the guide's first language's; a title,
 * subtitle or description naming a language counts only for the first. Numbered image columns
 * ("Photo 1", "Photo 2") are taken in their numbers' order, each with the alt column of its
 * number (an alt column without a number goes with the first image column). The place is two
 * columns when both are found, else a column holding both.
 */
export function guessMapping(
  columns: readonly string[],
  languages: readonly string[],
): ImportMapping {
  const first = languages[0] ?? 'en';
  const read = columns
    .map((c) => readHeader(c, languages))
    .filter((r): r is ReadHeader => r !== null);
  const used = new Set<string>();
  const take = (field: HeaderField, language: string | null = null): string | undefined => {
    const found = read.find(
      (r) => r.field === field && !used.has(r.column) && r.language === language && r.n === null,
    );
    if (found) used.add(found.column);
    return found?.column;
  };
  const single = (field: HeaderField) => take(field) ?? take(field, first);
  const perLanguage = (field: HeaderField): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const code of languages) {
      const c = take(field, code);
      if (c !== undefined) found[code] = c;
    }
    const plain = found[first] === undefined ? take(field) : undefined;
    if (plain !== undefined) found[first] = plain;
    return Object.fromEntries(languages.flatMap((c) => (found[c] ? [[c, found[c]]] : [])));
  };

  const title = single('title');
  const subtitle = single('subtitle');
  const description = single('description');
  const latitude = take('latitude');
  const longitude = take('longitude');
  const combined = latitude && longitude ? undefined : take('combined');
  const position =
    latitude && longitude
      ? { kind: 'columns' as const, latitude, longitude }
      : combined
        ? { kind: 'combined' as const, column: combined }
        : undefined;
  const numberedOf = (field: 'image' | 'imageAlt') =>
    read
      .filter((r) => r.field === field && r.language === null && !used.has(r.column))
      .sort((a, b) => (a.n ?? 0) - (b.n ?? 0));
  const imageColumns = numberedOf('image');
  const altColumns = numberedOf('imageAlt');
  const images = imageColumns.map((img, i) => {
    const alt =
      altColumns.find((a) => a.n !== null && a.n === img.n) ??
      (i === 0 ? altColumns.find((a) => a.n === null) : undefined);
    return { column: img.column, ...(alt ? { alt: alt.column } : {}) };
  });
  const mapping: ImportMapping = {
    images,
    audio: perLanguage('audio'),
    transcript: perLanguage('transcript'),
  };
  const optional = {
    title,
    subtitle,
    description,
    position,
    keypadCode: take('keypadCode'),
    layer: take('layer'),
    externalId: take('externalId'),
  };
  for (const [k, v] of Object.entries(optional))
    if (v !== undefined) Object.assign(mapping, { [k]: v });
  return mapping;
}

/**
 * The first `n` values of `column` that are not empty, each once (trimmed), in the file's order:
 * what the mapping step shows under a column's name.
 */
export function sampleValues(table: ImportTable, columnName: string, n: number): string[] {
  const seen = new Set<string>();
  for (const row of table.rows) {
    if (seen.size >= n) break;
    const value = (row[columnName] ?? '').trim();
    if (value !== '') seen.add(value);
  }
  return [...seen];
}
