import type { z } from 'zod';
import { xmlEscape } from '../app/catalogue.js';
import { bundlePoiSchema } from '../bundle/bundle.js';
import { mediaExtOfName } from '../bundle/bundle-media-kinds.js';
import { mediaMimeForExt, type MediaKind } from '../media/media-sniff.js';
import { headerKey, importRowNumber, importRowWord, shownColumn } from './collection-import.js';
import type { ImportMapping, ImportTable } from './collection-import.js';
import { readableIssue } from './draft.js';
import { mediaFileName, STUDIO_MEDIA_TYPES } from './studio-upload.js';
import { parseCoordinates, roundDegrees } from './studio-stops.js';

/**
 * What each row of an imported table becomes (collection-import.ts says what the table is), and
 * what is wrong with it. A problem is an error or a warning (IMPORT_PROBLEM_SEVERITY):
 * - An error keeps the row out: what the stop cannot be without (a title, a place), what the
 *   draft would refuse (text over the bundle's limits or with markup, a keypad code that is no
 *   code or another row's), and what would make a later import match the wrong stop (an external
 *   id another row has).
 * - A warning leaves the row in without what it names: a file that is not in the zip, or not of
 *   the column's kind, or a layer the guide does not have, is left out; a keypad code an existing
 *   stop has is kept, for the publisher to settle (the draft takes it once that stop is removed
 *   or given another code).
 */

export const IMPORT_PROBLEM_SEVERITY = {
  'missing-title': 'error',
  'text-too-long': 'error',
  markup: 'error',
  'missing-coordinates': 'error',
  'bad-coordinates': 'error',
  'latitude-out-of-range': 'error',
  'longitude-out-of-range': 'error',
  'bad-keypad-code': 'error',
  'duplicate-keypad-code': 'error',
  'duplicate-external-id': 'error',
  'keypad-code-in-use': 'warning',
  'unknown-layer': 'warning',
  'missing-file': 'warning',
  'ambiguous-file': 'warning',
  'not-media': 'warning',
  'wrong-kind-of-file': 'warning',
  'too-many-images': 'warning',
} as const satisfies Record<string, 'error' | 'warning'>;
export type ImportProblemCode = keyof typeof IMPORT_PROBLEM_SEVERITY;
export type ImportSeverity = 'error' | 'warning';

export type ImportProblem = {
  /** The row as the publisher counts it (importRowNumber). */
  row: number;
  /** The column as the file names it. */
  column: string;
  code: ImportProblemCode;
  severity: ImportSeverity;
  /** In plain words, naming the row, the column and the value. */
  message: string;
};

/** A stop of the guide's draft, as the importer matches rows against it. */
export type ExistingStop = {
  token: string;
  title?: string;
  keypadCode?: number | null;
  externalId?: string | null;
};

export type ImportContext = {
  /** The guide's language codes, its first language first. */
  languages: readonly string[];
  /** The guide's layers: a row's layer is one's key or its name. */
  layers: readonly { key: string; name: string }[];
  /** The paths of the files in the zip of media; null when no zip was given. */
  mediaFiles: readonly string[] | null;
  existing: readonly ExistingStop[];
};

/** A picture of a row: the path of its file in the zip, and its alt text. */
export type ImportImage = { file: string; alt: string };

export type ImportCandidate = {
  row: number;
  title: string;
  subtitle: string;
  /** The cell's plain text as the draft's HTML (descriptionHtml). */
  description: string;
  lat: number;
  lng: number;
  code: number | null;
  /** The layer's key. */
  layer: string | null;
  images: ImportImage[];
  /** Per language code, the zip's path of the audio. */
  audio: Record<string, string>;
  /** Per language code, the transcript. */
  transcript: Record<string, string>;
  externalId: string | null;
};

/** A row that was not empty: its stop, null when an error keeps it out, and its problems. */
export type ImportRowResult = {
  row: number;
  stop: ImportCandidate | null;
  problems: ImportProblem[];
};

const poiText = bundlePoiSchema.shape.content.valueType;
const baseText = poiText.pick({ title: true, subtitle: true, description: true });
const transcriptText = poiText.pick({ transcript: true });
const altText = bundlePoiSchema.shape.image_alts.unwrap().element;
const imageList = bundlePoiSchema.shape.images.unwrap();
const latitude = bundlePoiSchema.shape.lat;
const longitude = bundlePoiSchema.shape.lng;
const keypadCode = bundlePoiSchema.shape.keypad_code.unwrap();

/**
 * Plain text as the draft's HTML description: each paragraph (split at a blank line) a `<p>`,
 * a line break within one a `<br>`, the text escaped so nothing in it is markup.
 */
export function descriptionHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map(xmlEscape).join('<br>')}</p>`)
    .join('');
}

/**
 * One number of a latitude or longitude column: "45.52", "-122.67", "+45.52", "45.52°", and with a
 * decimal comma, "45,52", as spreadsheets in most of Europe write it (a degree never needs a
 * thousands separator, so one comma between digits can only be the decimal one). Null for any
 * other text ("45.52 N", "1e3", "45,520,1").
 */
export function readDegrees(text: string): number | null {
  const m = /^([+-]?\d+(?:[.,]\d+)?)\s*°?$/.exec(text.trim().replace(/^\u2212/, '-'));
  return m ? Number(m[1]!.replace(',', '.')) : null;
}

const quoted = (value: string) => `“${value.length > 60 ? `${value.slice(0, 57)}…` : value}”`;

/** The files of the zip by lower-cased base name ("Media/Fountain.JPG" → "fountain.jpg"), sorted. */
function mediaIndex(files: readonly string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const path of [...files].sort()) {
    const base = baseName(path);
    if (base === '') continue;
    index.set(base, [...(index.get(base) ?? []), path]);
  }
  return index;
}
const baseName = (path: string) => mediaFileName(path.replaceAll('\\', '/')).trim().toLowerCase();

const KIND_WORDS: Record<MediaKind, string> = { image: 'a picture', audio: 'audio' };

/** The kind of file a name says, by the extensions a bundle's media may have; null for none. */
function kindOfName(name: string): MediaKind | null {
  const ext = mediaExtOfName(baseName(name));
  const mime = ext ? mediaMimeForExt(ext) : null;
  return mime ? (mime.split('/')[0] as MediaKind) : null;
}

/**
 * Each row of `table` read with `mapping`: its stop and its problems (IMPORT_PROBLEM_SEVERITY
 * says which keep it out). A row whose cells are all empty is skipped. Duplicates are told on
 * each row after the first that has the value; a row with errors still claims its code and id.
 */
export function readImportRows(
  table: ImportTable,
  mapping: ImportMapping,
  context: ImportContext,
): ImportRowResult[] {
  const word = importRowWord(table);
  const media = context.mediaFiles ? mediaIndex(context.mediaFiles) : null;
  const layers = context.layers;
  const codeRows = new Map<number, number>();
  const idRows = new Map<string, number>();
  const cell = (row: Record<string, string>, c: string | undefined) =>
    c === undefined ? '' : (row[c] ?? '').trim();
  const fileIds = new Set(table.rows.map((r) => cell(r, mapping.externalId)).filter(Boolean));
  // An existing stop's code is in the way unless the file updates that stop (and so may move it).
  const codesInUse = new Map<number, ExistingStop>();
  for (const s of context.existing) {
    const updated = fileIds.has(s.externalId?.trim() ?? '');
    if (s.keypadCode != null && !updated && !codesInUse.has(s.keypadCode))
      codesInUse.set(s.keypadCode, s);
  }

  const results: ImportRowResult[] = [];
  table.rows.forEach((row, index) => {
    if (Object.values(row).every((v) => (v ?? '').trim() === '')) return;
    const n = importRowNumber(table, index);
    const problems: ImportProblem[] = [];
    const add = (column: string, code: ImportProblemCode, what: string) =>
      problems.push({
        row: n,
        column,
        code,
        severity: IMPORT_PROBLEM_SEVERITY[code],
        message: `${word} ${n}${column ? `, “${shownColumn(column)}”` : ''}: ${what}`,
      });
    const textIssue = (column: string, issue: z.core.$ZodIssue, value: string) => {
      if (issue.code === 'too_big')
        add(
          column,
          'text-too-long',
          `${lowerFirst(readableIssue(issue)).replace(/\.$/, '')} here, and this one has ${value.length.toLocaleString('en-US')}.`,
        );
      else add(column, 'markup', issue.message);
    };

    // Texts.
    const title = cell(row, mapping.title);
    const subtitle = cell(row, mapping.subtitle);
    const description = descriptionHtml(cell(row, mapping.description));
    if (title === '') add(mapping.title ?? '', 'missing-title', 'no title: every stop needs one.');
    const fields = {
      title: mapping.title,
      subtitle: mapping.subtitle,
      description: mapping.description,
    };
    const texts = { title, subtitle, description };
    for (const issue of baseText.safeParse(texts).error?.issues ?? []) {
      const field = issue.path[0] as keyof typeof texts;
      if (field === 'title' && title === '') continue;
      textIssue(fields[field] ?? field, issue, texts[field]);
    }

    // The place.
    const place = readPlace(row, mapping, add);

    // Keypad code.
    let code: number | null = null;
    const codeText = cell(row, mapping.keypadCode);
    if (mapping.keypadCode && codeText !== '') {
      const value = /^\d+$/.test(codeText) ? Number(codeText) : NaN;
      if (!keypadCode.safeParse(value).success)
        add(
          mapping.keypadCode,
          'bad-keypad-code',
          `${quoted(codeText)} is not a keypad code (a whole number from ${keypadCode.minValue} to ${keypadCode.maxValue}).`,
        );
      else {
        code = value;
        const earlier = codeRows.get(value);
        if (earlier !== undefined)
          add(
            mapping.keypadCode,
            'duplicate-keypad-code',
            `keypad code ${value} is already ${word.toLowerCase()} ${earlier}’s: each stop needs its own.`,
          );
        else {
          codeRows.set(value, n);
          const holder = codesInUse.get(value);
          if (holder)
            add(
              mapping.keypadCode,
              'keypad-code-in-use',
              `keypad code ${value} is already ${holder.title ? `“${holder.title}”’s` : 'a stop’s'} in this guide: give one of them another code, or remove that stop.`,
            );
        }
      }
    }

    // External id.
    const externalId = cell(row, mapping.externalId);
    if (mapping.externalId && externalId !== '') {
      const earlier = idRows.get(externalId);
      if (earlier !== undefined)
        add(
          mapping.externalId,
          'duplicate-external-id',
          `${quoted(externalId)} is already ${word.toLowerCase()} ${earlier}’s id: each row needs its own, or a later import cannot tell which stop is which.`,
        );
      else idRows.set(externalId, n);
    }

    // Layer.
    let layer: string | null = null;
    const layerText = cell(row, mapping.layer);
    if (mapping.layer && layerText !== '') {
      const found =
        layers.find((l) => l.key === layerText) ??
        layers.find((l) => headerKey(l.name) === headerKey(layerText)) ??
        layers.find((l) => headerKey(l.key) === headerKey(layerText));
      if (found) layer = found.key;
      else
        add(
          mapping.layer,
          'unknown-layer',
          `this guide has no layer ${quoted(layerText)}${layers.length ? ` (its layers: ${layers.map((l) => l.name).join(', ')})` : ''}; the stop is imported without a layer.`,
        );
    }

    // Media.
    const file = (column: string, name: string, want: MediaKind): string | null => {
      const kind = kindOfName(name);
      if (kind === null) {
        add(
          column,
          'not-media',
          `${quoted(name)} is not ${want === 'image' ? 'a picture' : 'audio'} the studio takes (${STUDIO_MEDIA_TYPES[want]}); it is left out.`,
        );
        return null;
      }
      if (kind !== want) {
        add(
          column,
          'wrong-kind-of-file',
          `${quoted(name)} is ${KIND_WORDS[kind]}, not ${KIND_WORDS[want]}; it is left out.`,
        );
        return null;
      }
      if (media === null) {
        add(
          column,
          'missing-file',
          `${quoted(name)} is named, but no zip of media was given; the stop is imported without it.`,
        );
        return null;
      }
      const found = media.get(baseName(name)) ?? [];
      if (found.length === 0) {
        add(
          column,
          'missing-file',
          `${quoted(name)} is not in the zip of media; the stop is imported without it.`,
        );
        return null;
      }
      if (found.length > 1)
        add(
          column,
          'ambiguous-file',
          `the zip holds ${found.length} files named ${quoted(mediaFileName(name))} (${found.join(', ')}); ${found[0]} is used.`,
        );
      return found[0]!;
    };

    let images: ImportImage[] = [];
    for (const pair of mapping.images) {
      const names = cell(row, pair.column)
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const altCell = cell(row, pair.alt);
      const alts = names.length > 1 ? altCell.split(';').map((s) => s.trim()) : [altCell];
      names.forEach((name, i) => {
        const alt = alts[i] ?? '';
        const altIssue = altText.safeParse(alt).error?.issues[0];
        if (altIssue && pair.alt) textIssue(pair.alt, altIssue, alt);
        const path = file(pair.column, name, 'image');
        if (path !== null) images.push({ file: path, alt });
      });
    }
    const tooMany = imageList.safeParse(images.map((i) => i.file)).error?.issues[0];
    if (tooMany?.code === 'too_big') {
      const max = Number(tooMany.maximum);
      add(
        mapping.images[0]!.column,
        'too-many-images',
        `${images.length} pictures, and a stop may have at most ${max}: the first ${max} are imported.`,
      );
      images = images.slice(0, max);
    }

    const audio: Record<string, string> = {};
    const transcript: Record<string, string> = {};
    for (const language of context.languages) {
      const audioColumn = mapping.audio[language];
      const name = cell(row, audioColumn);
      if (audioColumn && name !== '') {
        const path = file(audioColumn, name, 'audio');
        if (path !== null) audio[language] = path;
      }
      const transcriptColumn = mapping.transcript[language];
      const said = cell(row, transcriptColumn);
      if (transcriptColumn && said !== '') {
        const issues = transcriptText.safeParse({ transcript: said }).error?.issues ?? [];
        for (const issue of issues) textIssue(transcriptColumn, issue, said);
        transcript[language] = said;
      }
    }

    const blocked = problems.some((p) => p.severity === 'error');
    results.push({
      row: n,
      problems,
      stop:
        blocked || place === null
          ? null
          : {
              row: n,
              title,
              subtitle,
              description,
              lat: place.lat,
              lng: place.lng,
              code,
              layer,
              images,
              audio,
              transcript,
              externalId: externalId === '' ? null : externalId,
            },
    });
  });
  return results;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * A row's place, from two columns (each read by readDegrees) or one (read by parseCoordinates, as
 * the stop editor reads a typed place: latitude first, a comma, semicolon or space between, so
 * decimal commas do not work there); null, with its problems added, when it has none.
 */
function readPlace(
  row: Record<string, string>,
  mapping: ImportMapping,
  add: (column: string, code: ImportProblemCode, what: string) => void,
): { lat: number; lng: number } | null {
  const p = mapping.position;
  if (!p) {
    add('', 'missing-coordinates', 'no column holds the place: every stop needs one.');
    return null;
  }
  if (p.kind === 'combined') {
    const text = (row[p.column] ?? '').trim();
    if (text === '') {
      add(p.column, 'missing-coordinates', 'empty: every stop needs its latitude and longitude.');
      return null;
    }
    const read = parseCoordinates(text);
    if (read.ok) return { lat: read.lat, lng: read.lng };
    const range = /^The (latitude|longitude) must be (.*)$/.exec(read.message);
    if (range)
      add(
        p.column,
        range[1] === 'latitude' ? 'latitude-out-of-range' : 'longitude-out-of-range',
        `${quoted(text)} is not a place: its ${range[1]} must be ${range[2]}.`,
      );
    else
      add(
        p.column,
        'bad-coordinates',
        `${quoted(text)} is not a latitude and a longitude (such as 45.52, -122.67).`,
      );
    return null;
  }
  const latText = (row[p.latitude] ?? '').trim();
  const lngText = (row[p.longitude] ?? '').trim();
  const lat = readDegrees(latText);
  const lng = readDegrees(lngText);
  const one = (
    column: string,
    text: string,
    value: number | null,
    schema: typeof latitude,
    name: 'latitude' | 'longitude',
    swapped: boolean,
  ): boolean => {
    if (text === '') {
      add(column, 'missing-coordinates', `empty: every stop needs a ${name}.`);
      return false;
    }
    if (value === null) {
      add(
        column,
        'bad-coordinates',
        `${quoted(text)} is not a ${name} (a number such as ${name === 'latitude' ? '45.52' : '-122.67'}).`,
      );
      return false;
    }
    if (!schema.safeParse(value).success) {
      add(
        column,
        name === 'latitude' ? 'latitude-out-of-range' : 'longitude-out-of-range',
        `${quoted(text)} is not a ${name} (it must be between ${schema.minValue} and ${schema.maxValue}).${swapped ? ' Are the latitude and longitude swapped?' : ''}`,
      );
      return false;
    }
    return true;
  };
  // Swapped when the latitude would be a longitude and the longitude a latitude.
  const swapped =
    lat !== null &&
    lng !== null &&
    !latitude.safeParse(lat).success &&
    longitude.safeParse(lat).success &&
    latitude.safeParse(lng).success;
  const latOk = one(p.latitude, latText, lat, latitude, 'latitude', swapped);
  const lngOk = one(p.longitude, lngText, lng, longitude, 'longitude', false);
  return latOk && lngOk ? { lat: roundDegrees(lat!), lng: roundDegrees(lng!) } : null;
}
