import { gpx, kmlWithFolders, type Folder, type F, type Root } from '@tmcw/togeojson';
import { DOMParser, ParseError } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import { z } from 'zod';
import { searchText, type ImportTable } from '@earshot/core';
import {
  CollectionParseError,
  decodeText,
  featureTable,
  IMPORT_MAX_ROWS,
  tooManyRows,
  type MapFeature,
} from './collection-table.js';
import { checkZipDirectory } from './import-zip.js';

const properties = z
  .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
  .nullable()
  .optional();
const featureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable().optional(),
  properties,
});
const topSchema = z.object({ type: z.string(), features: z.array(z.unknown()).optional() });

/** The line of `text` a JSON.parse error's "at position N" points to, or null. */
function jsonErrorLine(text: string, error: Error): number | null {
  const at = /at position (\d+)/.exec(error.message);
  return at ? text.slice(0, Number(at[1])).split('\n').length : null;
}

/**
 * A GeoJSON FeatureCollection or Feature as an ImportTable (collection-table.ts, featureTable).
 * Only what is read is checked: each feature's type, geometry type and properties; a Point's
 * coordinates are its place, any other geometry leaves the place empty.
 */
export function parseGeoJson(bytes: Buffer): ImportTable {
  const text = decodeText(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const line = jsonErrorLine(text, e as Error);
    throw new CollectionParseError(
      `${line ? `Line ${line} of the GeoJSON` : 'The GeoJSON'} is not valid JSON: export the file again from your map app.`,
      (e as Error).message,
    );
  }
  const top = topSchema.safeParse(json);
  const kind = top.success ? top.data.type : null;
  const features =
    kind === 'FeatureCollection' ? top.data!.features : kind === 'Feature' ? [json] : undefined;
  if (!features)
    throw new CollectionParseError(
      `The GeoJSON holds no features${kind ? ` (it is a “${kind.slice(0, 40)}”)` : ''}: Earshot reads a FeatureCollection or a single Feature, each place a Point.`,
    );
  if (features.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return featureTable(
    features.map((f, i) => {
      const feature = featureSchema.safeParse(f);
      if (!feature.success)
        throw new CollectionParseError(
          `Feature ${i + 1} of the GeoJSON is not a GeoJSON Feature: export the file again from your map app.`,
          z.prettifyError(feature.error),
        );
      return {
        geometry: feature.data.geometry ?? null,
        properties: feature.data.properties ?? null,
      };
    }),
    'GeoJSON',
  );
}

/** The text of an XML file, in the encoding its declaration names (UTF-8 when none or unknown). */
function decodeXml(bytes: Buffer): string {
  const declared = /^(?:\uFEFF)?\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    bytes.subarray(0, 200).toString('latin1'),
  )?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An encoding TextDecoder does not know: read as UTF-8, as most such files are.
    }
  }
  return decodeText(bytes);
}

/**
 * The style togeojson copies from a KML's <Style> onto each placemark: how Google Maps drew the
 * pin, nothing a stop has, and columns the publisher would only have to skip.
 */
const KML_STYLE_PROPERTIES = new Set([
  'styleUrl',
  'styleHash',
  'styleMapHash',
  'icon',
  'icon-color',
  'icon-opacity',
  'icon-scale',
  'icon-heading',
  'icon-offset',
  'icon-offset-units',
  'label-color',
  'label-opacity',
  'label-scale',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'fill',
  'fill-opacity',
  'visibility',
  'open',
]);

/**
 * A KML description's HTML as the plain text a stop's description is (the importer escapes
 * it): a line break where the HTML breaks a line, a blank line between paragraphs, the tags
 * dropped and the entities decoded, as the search index reads a description (searchText).
 */
function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)\s*>/gi, '\n\n')
    .split('\n')
    .map(searchText)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A placemark's properties as columns: its name, description and data, its folder's name. */
function placemarkProperties(feature: F, folder: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(feature.properties ?? {})) {
    if (KML_STYLE_PROPERTIES.has(key)) continue;
    const html =
      typeof value === 'object' && value !== null && (value as { '@type'?: unknown })['@type'];
    out[key] =
      html === 'html' ? htmlText(String((value as { value?: unknown }).value ?? '')) : value;
  }
  // My Maps saves each layer as a folder: "folder" is a name the importer guesses as the layer.
  if (folder !== null && !('folder' in out)) out.folder = folder;
  return out;
}

/** Every placemark of a KML, in the file's order, with the name of the folder it is in. */
function kmlFeatures(tree: Root | Folder, folder: string | null = null): MapFeature[] {
  return tree.children.flatMap((child) => {
    if (child.type === 'folder') {
      const name = typeof child.meta.name === 'string' ? child.meta.name : folder;
      return kmlFeatures(child, name);
    }
    return [{ geometry: child.geometry, properties: placemarkProperties(child, folder) }];
  });
}

const XML_WORD = { kml: 'KML', gpx: 'GPX' } as const;

/**
 * A KML or GPX as an ImportTable: through togeojson to GeoJSON's features, then as a GeoJSON's.
 * Which of the two it is, its root element says (a GPX saved as .kml is still read). A file
 * with a <!DOCTYPE> is refused before it is parsed: neither format needs one, and so no entity
 * is ever declared, expanded or fetched. A GPX's waypoints are its stops; its tracks and routes
 * (lines a walker follows) are not read.
 */
export function parseXmlMap(bytes: Buffer, kind: keyof typeof XML_WORD): ImportTable {
  const text = decodeXml(bytes);
  const what = XML_WORD[kind];
  if (/<!DOCTYPE/i.test(text))
    throw new CollectionParseError(
      `The ${what} has a <!DOCTYPE> declaration, which map files never need and Earshot does not read: export the file again from your map app, or delete that declaration.`,
    );
  let doc;
  try {
    doc = new DOMParser({
      // A warning leaves a document worth reading; an error or a fatal error stops the parse,
      // so that a damaged file is refused rather than half read.
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (e) {
    const line = e instanceof ParseError ? (e.locator as { lineNumber?: number })?.lineNumber : 0;
    throw new CollectionParseError(
      `${line ? `Line ${line} of the ${what}` : `The ${what}`} is not well-formed XML: export the file again from your map app.`,
      (e as Error).message,
    );
  }
  const root = doc.documentElement?.localName;
  if (root !== 'kml' && root !== 'gpx')
    throw new CollectionParseError(
      `This file is XML, but neither KML nor GPX (its first element is <${String(root).slice(0, 40)}>): Earshot reads KML and GPX map files.`,
    );
  let features: MapFeature[];
  // togeojson marks a GPX track's or route's line with its _gpxType; waypoints have none.
  try {
    features =
      root === 'kml'
        ? kmlFeatures(kmlWithFolders(doc))
        : gpx(doc).features.filter((f) => f.properties?._gpxType === undefined);
  } catch (e) {
    throw new CollectionParseError(
      `The ${XML_WORD[root]} cannot be read: export the file again from your map app.`,
      (e as Error).message,
    );
  }
  if (root === 'gpx' && features.length === 0)
    throw new CollectionParseError(
      'The GPX holds no waypoints: Earshot makes a stop of each waypoint, not of tracks or routes. Mark the stops as waypoints and export again.',
    );
  return featureTable(features, XML_WORD[root]);
}

/**
 * A KMZ (My Maps' default download): a zip holding the KML as doc.kml (or another .kml, the
 * first at the top level), its central directory checked before it is unpacked.
 */
export async function parseKmz(bytes: Buffer): Promise<ImportTable> {
  await checkZipDirectory(bytes, 'KMZ');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name.toLowerCase().endsWith('.kml') });
  } catch (e) {
    throw new CollectionParseError(
      'The KMZ is damaged: save it again, or download the map as KML.',
      (e as Error).message,
    );
  }
  const names = Object.keys(files).sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  );
  const name = names.find((n) => n.toLowerCase() === 'doc.kml') ?? names[0];
  if (name === undefined)
    throw new CollectionParseError(
      'The KMZ holds no KML file: download the map as KML and import that.',
    );
  return parseXmlMap(Buffer.from(files[name]!), 'kml');
}
