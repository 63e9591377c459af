import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  guessMapping,
  importRowNumber,
  readImportRows,
  type ImportContext,
  type ImportTable,
} from '@earshot/core';
import {
  CollectionParseError,
  IMPORT_MAX_ROWS,
  parseCollection,
  uniqueHeaders,
} from '../src/modules/studio/imports/parse-collection.js';
import { checkZipDirectory } from '../src/modules/studio/imports/import-zip.js';

// The server's parsers of an imported collection (decision 0025): each kind of file into the
// ImportTable core's rules read, its rows numbered as the publisher's app shows them.

const parse = (name: string, text: string | Uint8Array) =>
  parseCollection(name, Buffer.from(typeof text === 'string' ? strToU8(text) : text));

/** The CollectionParseError parsing the file throws (and fails when it parses). */
async function refusal(name: string, bytes: string | Uint8Array): Promise<CollectionParseError> {
  const e = await parse(name, bytes).then(
    (t) => new Error(`parsed: ${JSON.stringify(t).slice(0, 200)}`),
    (err: unknown) => err,
  );
  if (!(e instanceof CollectionParseError)) throw e;
  return e;
}

const context: ImportContext = { languages: ['en'], layers: [], mediaFiles: null, existing: [] };
/** Each row's problems as core's importer reports them, with the guessed mapping. */
const problems = (table: ImportTable) =>
  readImportRows(table, guessMapping(table.columns, ['en']), context).flatMap((r) =>
    r.problems.map((p) => ({ row: p.row, code: p.code })),
  );

/** A cell of the test workbook: text, a number, a date (Excel's day number) or nothing. */
type Cell = string | number | boolean | { date: number } | null;

/**
 * The smallest XLSX Excel and read-excel-file open: the workbook, its first sheet, the styles
 * (one date format) and shared strings for the header. A row of `null` is left out of the sheet
 * XML, as Excel leaves out an empty row.
 */
function xlsx(rows: (Cell[] | null)[], extra: Zippable = {}): Uint8Array {
  const xml = (s: string) =>
    strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const shared: string[] = [];
  const sheetRows = rows.flatMap((row, r) => {
    if (row === null) return [];
    const cells = row.map((cell, c) => {
      const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
      if (typeof cell === 'object') return `<c r="${ref}" s="1"><v>${cell.date}</v></c>`;
      if (r === 0) {
        shared.push(cell);
        return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
      }
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(cell)}</t></is></c>`;
    });
    return [`<row r="${r + 1}">${cells.join('')}</row>`];
  });
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return zipSync({
    '[Content_Types].xml': xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${type}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${type}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${type}.sharedStrings+xml"/></Types>`,
    ),
    '_rels/.rels': xml(
      `<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': xml(
      `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Stops" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId4"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="${rel}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    ),
    'xl/styles.xml': xml(
      `<styleSheet xmlns="${main}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
    'xl/sharedStrings.xml': xml(
      `<sst xmlns="${main}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`,
    ),
    'xl/worksheets/sheet1.xml': xml(
      `<worksheet xmlns="${main}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ),
    'xl/worksheets/sheet2.xml': xml(
      `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Not this sheet</t></is></c></row></sheetData></worksheet>`,
    ),
    ...extra,
  });
}

/** A KML as Google My Maps exports it: a style, a folder per layer, placemarks with data. */
const MY_MAPS_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Old Town sculptures</name>
    <Style id="icon-1899-0288D1-normal">
      <IconStyle><color>ffd18802</color><scale>1</scale>
        <Icon><href>https://www.gstatic.com/mapspro/images/stock/503-wht-blank_maps.png</href></Icon>
      </IconStyle>
    </Style>
    <Folder>
      <name>Sculptures</name>
      <Placemark>
        <name>Fountain</name>
        <description><![CDATA[Cast in 1888.<br>Restored &amp; cleaned in 2020.]]></description>
        <styleUrl>#icon-1899-0288D1-normal</styleUrl>
        <ExtendedData>
          <Data name="audio"><value>fountain.mp3</value></Data>
          <Data name="code"><value>12</value></Data>
        </ExtendedData>
        <Point>
          <coordinates>
            -122.6765,45.5231,0
          </coordinates>
        </Point>
      </Placemark>
      <Placemark>
        <name>Old wall</name>
        <LineString><coordinates>-122.1,45.1,0 -122.2,45.2,0</coordinates></LineString>
      </Placemark>
    </Folder>
    <Placemark>
      <name>Bridge</name>
      <Point><coordinates>-122.671,45.519,0</coordinates></Point>
    </Placemark>
  </Document>
</kml>
`;

const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="45.5231" lon="-122.6765"><ele>12</ele><name>Fountain</name><desc>Cast in 1888</desc><sym>Flag</sym></wpt>
  <trk><name>The walk</name><trkseg><trkpt lat="45.52" lon="-122.67"/><trkpt lat="45.53" lon="-122.68"/></trkseg></trk>
  <rte><name>Detour</name><rtept lat="45.52" lon="-122.67"/></rte>
  <wpt lat="45.519" lon="-122.671"><name>Bridge</name></wpt>
</gpx>
`;

describe('CSV', () => {
  it.each([
    {
      what: 'comma-separated, with a last line break',
      text: 'Title,Latitude,Longitude\nFountain,45.5231,-122.6765\n',
      columns: ['Title', 'Latitude', 'Longitude'],
      rows: [['Fountain', '45.5231', '-122.6765']],
    },
    {
      what: 'semicolons and decimal commas, as most of Europe saves',
      text: 'Name;Lat;Lng\nFountain;45,5231;-122,6765\nBridge;45,519;-122,671',
      columns: ['Name', 'Lat', 'Lng'],
      rows: [
        ['Fountain', '45,5231', '-122,6765'],
        ['Bridge', '45,519', '-122,671'],
      ],
    },
    {
      what: 'a byte-order mark before the first header (dropped)',
      text: '\uFEFFTitle,Code\nFountain,12',
      columns: ['Title', 'Code'],
      rows: [['Fountain', '12']],
    },
    {
      what: 'a line break and a quote inside a quoted cell',
      text: 'Title,Description\n"Fountain","Cast in 1888.\nSay ""hello"", then go on."\n',
      columns: ['Title', 'Description'],
      rows: [['Fountain', 'Cast in 1888.\nSay "hello", then go on.']],
    },
    {
      what: 'CRLF line ends and an empty line in the middle (kept as a row)',
      text: 'Title,Code\r\nFountain,1\r\n\r\nBridge,2\r\n',
      columns: ['Title', 'Code'],
      rows: [
        ['Fountain', '1'],
        ['', ''],
        ['Bridge', '2'],
      ],
    },
    {
      what: 'tabs (a .tsv, or Excel’s “Unicode text”)',
      text: 'Title\tCode\nFountain\t1',
      columns: ['Title', 'Code'],
      rows: [['Fountain', '1']],
    },
    {
      what: 'duplicate and empty headers made unique, an empty column dropped, a long row kept',
      text: 'Photo,,Photo,Photo (2),,Title\na.jpg,x,b.jpg,c.jpg,,Fountain,extra',
      columns: ['Photo', 'Column B', 'Photo (3)', 'Photo (2)', 'Title', 'Column G'],
      rows: [['a.jpg', 'x', 'b.jpg', 'c.jpg', 'Fountain', 'extra']],
    },
  ])('reads $what', async ({ text, columns, rows }) => {
    const table = await parse('stops.csv', text);
    expect(table.kind).toBe('sheet');
    expect(table.columns).toEqual(columns);
    expect(table.rows.map((r) => columns.map((c) => r[c]))).toEqual(rows);
  });

  it('reads UTF-16 with its byte-order mark, and Windows-1252 when the bytes are no UTF-8', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Title\tCode\nCafé\t1', 'utf16le'),
    ]);
    expect((await parse('stops.csv', utf16)).rows).toEqual([{ Title: 'Café', Code: '1' }]);
    const ansi = Buffer.from('Title;Code\nCaf\xe9 M\xfcller;1', 'latin1');
    expect((await parse('stops.csv', ansi)).rows).toEqual([{ Title: 'Café Müller', Code: '1' }]);
  });

  it('numbers rows as the spreadsheet does, so core reports a problem on the right row', async () => {
    const table = await parse(
      'stops.csv',
      'Title,Latitude,Longitude\nFountain,45.52,-122.67\n\n"Bridge\nover the river",45.51,-122.66\n,45.50,-122.65\n',
    );
    // Line 3 is empty: row 3, skipped by the importer. The fourth row has no title; its number
    // counts the header and the empty line (the quoted line break is one cell, not a row).
    expect(table.rows).toHaveLength(4);
    expect(importRowNumber(table, 3)).toBe(5);
    expect(problems(table)).toEqual([{ row: 5, code: 'missing-title' }]);
  });

  it('reads up to the row limit and refuses one row more', async () => {
    const lines = (n: number) =>
      `Title,Latitude,Longitude\n${Array.from({ length: n }, (_, i) => `Stop ${i},45,-122`).join('\n')}\n\n\n`;
    expect((await parse('stops.csv', lines(IMPORT_MAX_ROWS))).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect((await refusal('stops.csv', lines(IMPORT_MAX_ROWS + 1))).message).toBe(
      'The file has more than 5,000 rows: split it into several files and import each.',
    );
  });
});

describe('uniqueHeaders', () => {
  it.each([
    [
      ['Title', 'Title', 'Title'],
      ['Title', 'Title (2)', 'Title (3)'],
    ],
    [
      ['', ' ', 'Lat'],
      ['Column A', 'Column B', 'Lat'],
    ],
    [
      ['Column B', ''],
      ['Column B', 'Column B (2)'],
    ],
    [
      ['Title', 'title'],
      ['Title', 'title'],
    ],
  ])('%j → %j', (header, unique) => {
    expect(uniqueHeaders(header)).toEqual(unique);
  });
});

describe('XLSX', () => {
  const stops = xlsx([
    ['Title', 'Latitude', 'Longitude', 'Opened', 'Code', 'Free', null, 'Notes'],
    ['Fountain', 45.5231, -122.6765, { date: 45000 }, 12, true, null, '  as typed  '],
    null,
    ['Bridge', 45.519, -122.671, { date: 45000.5 }, 7, false, null, null],
    [null, 45.5, -122.6, null, null, null, null, null],
  ]);

  it('reads the first sheet: numbers as String(n), dates as YYYY-MM-DD, an empty row kept', async () => {
    const table = await parse('Stops.XLSX', stops);
    expect(table).toEqual({
      kind: 'sheet',
      columns: ['Title', 'Latitude', 'Longitude', 'Opened', 'Code', 'Free', 'Notes'],
      rows: [
        {
          Title: 'Fountain',
          Latitude: '45.5231',
          Longitude: '-122.6765',
          Opened: '2023-03-15',
          Code: '12',
          Free: 'TRUE',
          Notes: '  as typed  ',
        },
        { Title: '', Latitude: '', Longitude: '', Opened: '', Code: '', Free: '', Notes: '' },
        {
          Title: 'Bridge',
          Latitude: '45.519',
          Longitude: '-122.671',
          Opened: '2023-03-15 12:00',
          Code: '7',
          Free: 'FALSE',
          Notes: '',
        },
        {
          Title: '',
          Latitude: '45.5',
          Longitude: '-122.6',
          Opened: '',
          Code: '',
          Free: '',
          Notes: '',
        },
      ],
    });
    expect(problems(table)).toEqual([{ row: 5, code: 'missing-title' }]);
  });

  it('reads an XLSX saved as .csv by its zip signature', async () => {
    expect((await parse('stops.csv', stops)).columns[0]).toBe('Title');
  });

  it('refuses a zip bomb from its central directory, before it inflates', async () => {
    // 20 MiB of zeros packs to about 20 KB: a thousand times, past the bundle importer's ratio.
    const bomb = xlsx([['Title'], ['Fountain']], {
      'xl/media/zeros.xml': new Uint8Array(20 * 1024 ** 2),
    });
    const e = await refusal('stops.xlsx', bomb);
    expect(e.message).toBe(
      'The spreadsheet unpacks to far more than a file of stops holds, so Earshot does not open it. Save it again from the app that made it, or save it as CSV.',
    );
    expect(e.detail).toMatch(/unpacks to more than 200 times its packed size/);
  });

  it('holds the zip to the entry limit it is given', async () => {
    const e = await checkZipDirectory(Buffer.from(stops), 'spreadsheet', {
      maxEntries: 3,
      maxTotalBytes: 1024 ** 3,
      maxRatio: 200,
    }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(CollectionParseError);
    expect((e as CollectionParseError).detail).toMatch(/entries, more than 3/);
  });
});

describe('GeoJSON', () => {
  const collection = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-122.67654321, 45.5231, 12] },
        properties: { name: 'Fountain', code: 12, tags: ['bronze', 'water'], latitude: 'N45' },
      },
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [-122.1, 45.1],
            [-122.2, 45.2],
          ],
        },
        properties: { name: 'Old wall', open: true, extra: { a: 1 } },
      },
      { type: 'Feature', geometry: null, properties: null },
    ],
  };

  it('reads a FeatureCollection: properties first met, then the point (empty for others)', async () => {
    const table = await parse('stops.geojson', JSON.stringify(collection));
    expect(table).toEqual({
      kind: 'features',
      columns: [
        'name',
        'code',
        'tags',
        'latitude',
        'open',
        'extra',
        'latitude (geometry)',
        'longitude',
      ],
      rows: [
        {
          name: 'Fountain',
          code: '12',
          tags: '["bronze","water"]',
          latitude: 'N45',
          open: '',
          extra: '',
          'latitude (geometry)': '45.5231',
          longitude: '-122.676543',
        },
        {
          name: 'Old wall',
          code: '',
          tags: '',
          latitude: '',
          open: 'true',
          extra: '{"a":1}',
          'latitude (geometry)': '',
          longitude: '',
        },
        {
          name: '',
          code: '',
          tags: '',
          latitude: '',
          open: '',
          extra: '',
          'latitude (geometry)': '',
          longitude: '',
        },
      ],
    });
    // A feature's number is its own: the line is feature 2, refused as having no place.
    const second = problems(table).filter((p) => p.row === 2);
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((p) => p.code === 'missing-coordinates')).toBe(true);
  });

  it('reads a single Feature, named .json', async () => {
    const table = await parse('stop.json', JSON.stringify(collection.features[0]));
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.name).toBe('Fountain');
  });
});

describe('KML, KMZ and GPX', () => {
  const kmlTable: ImportTable = {
    kind: 'features',
    columns: ['name', 'description', 'audio', 'code', 'folder', 'latitude', 'longitude'],
    rows: [
      {
        name: 'Fountain',
        description: 'Cast in 1888.\nRestored & cleaned in 2020.',
        audio: 'fountain.mp3',
        code: '12',
        folder: 'Sculptures',
        latitude: '45.5231',
        longitude: '-122.6765',
      },
      {
        name: 'Old wall',
        description: '',
        audio: '',
        code: '',
        folder: 'Sculptures',
        latitude: '',
        longitude: '',
      },
      {
        name: 'Bridge',
        description: '',
        audio: '',
        code: '',
        folder: '',
        latitude: '45.519',
        longitude: '-122.671',
      },
    ],
  };

  it('reads a My Maps KML: name, description as text, data, folder; no style columns', async () => {
    const table = await parse('Old Town.kml', MY_MAPS_KML);
    expect(table).toEqual(kmlTable);
    expect(guessMapping(table.columns, ['en'])).toMatchObject({
      title: 'name',
      description: 'description',
      keypadCode: 'code',
      layer: 'folder',
      position: { kind: 'columns', latitude: 'latitude', longitude: 'longitude' },
      audio: { en: 'audio' },
    });
  });

  it('reads a KMZ by its doc.kml', async () => {
    const kmz = zipSync({ 'doc.kml': strToU8(MY_MAPS_KML), 'images/icon.png': new Uint8Array(8) });
    expect(await parse('Old Town.kmz', kmz)).toEqual(kmlTable);
  });

  it('reads a GPX’s waypoints as the rows, not its track or route', async () => {
    const table = await parse('walk.gpx', GPX);
    expect(table).toEqual({
      kind: 'features',
      columns: ['name', 'desc', 'sym', 'latitude', 'longitude'],
      rows: [
        {
          name: 'Fountain',
          desc: 'Cast in 1888',
          sym: 'Flag',
          latitude: '45.5231',
          longitude: '-122.6765',
        },
        { name: 'Bridge', desc: '', sym: '', latitude: '45.519', longitude: '-122.671' },
      ],
    });
  });

  it('reads a file by its root element, whatever its extension says', async () => {
    expect((await parse('walk.kml', GPX)).columns[0]).toBe('name');
    expect((await parse('Old Town.gpx', MY_MAPS_KML)).columns).toEqual(kmlTable.columns);
  });
});

describe('refusals, in plain words', () => {
  const kml = (body: string) =>
    `<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
  it.each([
    {
      what: 'an unknown extension',
      name: 'stops.pdf',
      bytes: '%PDF-1.7',
      message:
        'This file is not a spreadsheet or a map file Earshot can read: it takes CSV, XLSX, GeoJSON, KML (or KMZ) and GPX.',
    },
    {
      what: 'a name with no extension, or one that is a word of JavaScript',
      name: 'stops.constructor',
      bytes: 'Title\nFountain',
      message:
        'This file is not a spreadsheet or a map file Earshot can read: it takes CSV, XLSX, GeoJSON, KML (or KMZ) and GPX.',
    },
    {
      what: 'an old Excel file',
      name: 'stops.xls',
      bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      message:
        'This is an old Excel file (.xls), which Earshot does not read: save it as .xlsx or CSV and import that.',
    },
    {
      what: 'an .xls renamed .xlsx',
      name: 'stops.xlsx',
      bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      message:
        'This is an old Excel file (.xls), which Earshot does not read: save it as .xlsx or CSV and import that.',
    },
    {
      what: 'an .xlsx that is no zip',
      name: 'stops.xlsx',
      bytes: 'Title,Latitude\nFountain,45',
      message:
        'This file is not an Excel workbook (.xlsx) Earshot can read: it may be damaged, or another kind of file with its name changed. Save it again as .xlsx or CSV and import that.',
    },
    {
      what: 'a zip that is no workbook',
      name: 'stops.xlsx',
      bytes: zipSync({ 'readme.txt': strToU8('hello') }),
      message:
        'This file is not an Excel workbook (.xlsx) Earshot can read: it may be damaged, or another kind of file with its name changed. Save it again as .xlsx or CSV and import that.',
    },
    {
      what: 'a damaged zip',
      name: 'stops.xlsx',
      bytes: xlsx([['Title']]).subarray(0, 300),
      message:
        'The spreadsheet cannot be opened: it may be damaged, or another kind of file with its name changed. Save it again and import that.',
    },
    {
      what: 'an empty CSV',
      name: 'stops.csv',
      bytes: '',
      message:
        'The CSV has no header row: its first row must name the columns (Title, Latitude, Longitude …).',
    },
    {
      what: 'a CSV whose first line is empty',
      name: 'stops.csv',
      bytes: '\nTitle,Latitude\nFountain,45',
      message:
        'The CSV has no header row: its first row must name the columns (Title, Latitude, Longitude …).',
    },
    {
      what: 'a spreadsheet whose header is not on its first row',
      name: 'stops.xlsx',
      bytes: xlsx([null, ['Title'], ['Fountain']]),
      message:
        'The spreadsheet has no header row: its first row must name the columns (Title, Latitude, Longitude …).',
    },
    {
      what: 'a CSV of only its header',
      name: 'stops.csv',
      bytes: 'Title,Latitude,Longitude\r\n',
      message: 'The CSV has only its header row: no stops under it.',
    },
    {
      what: 'a CSV with a quote never closed',
      name: 'stops.csv',
      bytes: 'Title,Description\nFountain,ok\nBridge,"open\nand on\n',
      message:
        'Row 3 of the CSV opens a quote (") that is never closed, so the rest of the file would be one cell: close it, or save the CSV again from your spreadsheet app.',
    },
    {
      what: 'a KML declaring an entity',
      name: 'map.kml',
      bytes: `<?xml version="1.0"?>\n<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<kml><Document><name>&x;</name></Document></kml>`,
      message:
        'The KML has a <!DOCTYPE> declaration, which map files never need and Earshot does not read: export the file again from your map app, or delete that declaration.',
    },
    {
      what: 'malformed XML',
      name: 'map.kml',
      bytes: kml('\n<Placemark>\n<name>Fountain</nam>\n</Placemark>'),
      message: 'Line 4 of the KML is not well-formed XML: export the file again from your map app.',
    },
    {
      what: 'an entity XML does not define',
      name: 'walk.gpx',
      bytes: '<gpx>\n<wpt lat="1" lon="2"><name>&nbsp;</name></wpt></gpx>',
      message: 'Line 2 of the GPX is not well-formed XML: export the file again from your map app.',
    },
    {
      what: 'XML that is neither KML nor GPX',
      name: 'map.kml',
      bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      message:
        'This file is XML, but neither KML nor GPX (its first element is <svg>): Earshot reads KML and GPX map files.',
    },
    {
      what: 'a KML without placemarks',
      name: 'map.kml',
      bytes: kml('<name>Empty</name>'),
      message: 'The KML holds no places.',
    },
    {
      what: 'a GPX of tracks only',
      name: 'walk.gpx',
      bytes: GPX.replace(/<wpt[\s\S]*?<\/wpt>/g, ''),
      message:
        'The GPX holds no waypoints: Earshot makes a stop of each waypoint, not of tracks or routes. Mark the stops as waypoints and export again.',
    },
    {
      what: 'a KMZ without a KML',
      name: 'map.kmz',
      bytes: zipSync({ 'images/icon.png': new Uint8Array(8) }),
      message: 'The KMZ holds no KML file: download the map as KML and import that.',
    },
    {
      what: 'invalid JSON',
      name: 'stops.geojson',
      bytes: '{"type": "FeatureCollection",\n"features": [{,}]}',
      message: 'Line 2 of the GeoJSON is not valid JSON: export the file again from your map app.',
    },
    {
      what: 'a GeoJSON geometry, not features',
      name: 'stops.geojson',
      bytes: '{"type":"Point","coordinates":[1,2]}',
      message:
        'The GeoJSON holds no features (it is a “Point”): Earshot reads a FeatureCollection or a single Feature, each place a Point.',
    },
    {
      what: 'a GeoJSON array',
      name: 'stops.geojson',
      bytes: '[]',
      message:
        'The GeoJSON holds no features: Earshot reads a FeatureCollection or a single Feature, each place a Point.',
    },
    {
      what: 'a FeatureCollection with something else among its features',
      name: 'stops.geojson',
      bytes:
        '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{}},{"type":"Point"}]}',
      message:
        'Feature 2 of the GeoJSON is not a GeoJSON Feature: export the file again from your map app.',
    },
    {
      what: 'an empty map file',
      name: 'stops.geojson',
      bytes: '  \n',
      message: 'The file is empty: export it again from your map app.',
    },
  ])('refuses $what', async ({ name, bytes, message }) => {
    const e = await refusal(name, bytes);
    expect(e.message).toBe(message);
    expect(e.detail ?? '').not.toMatch(/\/work\/|apps\/server/);
  });
});
