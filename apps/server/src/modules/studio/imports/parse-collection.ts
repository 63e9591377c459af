import type { ImportTable } from '@earshot/core';
import { CollectionParseError } from './collection-table.js';
import { ZIP_SIGNATURE } from './import-zip.js';
import { parseGeoJson, parseKmz, parseXmlMap } from './parse-map.js';
import { OLD_EXCEL, parseCsv, parseXlsx } from './parse-sheet.js';

export {
  CollectionParseError,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  uniqueHeaders,
} from './collection-table.js';
export { IMPORT_ZIP_LIMITS } from './import-zip.js';

const UNKNOWN =
  'This file is not a spreadsheet or a map file Earshot can read: it takes CSV, XLSX, GeoJSON, KML (or KMZ) and GPX.';

/** Kinds Earshot does not read but a publisher may well have, with what to do instead. */
const SAVE_AS = new Map<string, string>(
  Object.entries({
    xls: OLD_EXCEL,
    ods: 'OpenDocument spreadsheets (.ods) are not read: save it as .xlsx or CSV and import that.',
    numbers: 'Numbers spreadsheets are not read: export it as .xlsx or CSV and import that.',
    shp: 'Shapefiles are not read: save the layer as GeoJSON (or KML) and import that.',
    zip: 'A zip goes beside the file, for its pictures and audio: import the spreadsheet or map file itself.',
  }),
);

/** The first character after any byte-order mark and white space ("" for none). */
function firstChar(bytes: Buffer): string {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return head.trimStart().charAt(0);
}

/**
 * A collection file's bytes as an ImportTable (collection-import.ts in core says what one is),
 * the parser chosen by the file's extension: .csv and .tsv (CSV, its delimiter guessed), .xlsx,
 * .geojson and .json, .kml, .kmz and .gpx. Where the first bytes say cheaply that the file is another of these kinds
 * (a zip's signature, a "<" of XML, a "{" of JSON), they win, so a renamed file is still read.
 * Throws a CollectionParseError whose message the publisher can act on.
 */
export async function parseCollection(name: string, bytes: Buffer): Promise<ImportTable> {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  const instead = SAVE_AS.get(ext);
  if (instead) throw new CollectionParseError(instead);
  const zip = bytes.subarray(0, 4).equals(ZIP_SIGNATURE);
  switch (ext) {
    case 'csv':
    case 'tsv':
      return zip ? parseXlsx(bytes) : parseCsv(bytes);
    case 'xlsx':
      return parseXlsx(bytes);
    case 'geojson':
    case 'json':
    case 'kml':
    case 'gpx':
    case 'kmz': {
      if (zip) return parseKmz(bytes);
      const first = firstChar(bytes);
      if (first === '{') return parseGeoJson(bytes);
      if (first === '')
        throw new CollectionParseError('The file is empty: export it again from your map app.');
      // Neither: the parser of its extension says what is wrong with it.
      if (first === '<' || (ext !== 'geojson' && ext !== 'json'))
        return parseXmlMap(bytes, ext === 'gpx' ? 'gpx' : 'kml');
      return parseGeoJson(bytes);
    }
    default:
      throw new CollectionParseError(UNKNOWN, ext ? `extension .${ext}` : 'no extension');
  }
}
