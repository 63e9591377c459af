import { describe, expect, it } from 'vitest';
import {
  descriptionHtml,
  featureColumns,
  featureCoordinate,
  guessMapping,
  headerKey,
  IMPORT_PROBLEM_SEVERITY,
  importMappingSchema,
  importSummary,
  mappingProblems,
  planImport,
  readDegrees,
  readImportRows,
  sampleValues,
  type ExistingStop,
  type ImportCandidate,
  type ImportContext,
  type ImportMapping,
  type ImportMappingInput,
  type ImportProblemCode,
  type ImportRowResult,
  type ImportTable,
} from '../../src/index.js';

const mapping = (over: ImportMappingInput = {}): ImportMapping =>
  importMappingSchema.parse({
    title: 'Title',
    position: { kind: 'columns', latitude: 'Lat', longitude: 'Lng' },
    keypadCode: 'Code',
    externalId: 'ID',
    layer: 'Layer',
    images: [{ column: 'Photo', alt: 'Alt' }],
    audio: { en: 'Audio', fr: 'Audio FR' },
    transcript: { en: 'Transcript' },
    description: 'Description',
    subtitle: 'Subtitle',
    ...over,
  });

const context = (over: Partial<ImportContext> = {}): ImportContext => ({
  languages: ['en', 'fr'],
  layers: [
    { key: 'murals', name: 'Murals' },
    { key: 'history', name: 'Mémoire de la ville' },
  ],
  mediaFiles: ['media/fountain.jpg', 'Media/Bell.PNG', 'audio/fountain-en.mp3', 'fr.mp3'],
  existing: [],
  ...over,
});

const COLUMNS = [
  'Title',
  'Subtitle',
  'Description',
  'Lat',
  'Lng',
  'Code',
  'ID',
  'Layer',
  'Photo',
  'Alt',
  'Audio',
  'Audio FR',
  'Transcript',
];
const table = (rows: Record<string, string>[], kind?: ImportTable['kind']): ImportTable => ({
  columns: COLUMNS,
  rows,
  ...(kind ? { kind } : {}),
});
/** A row that imports cleanly, with `over` on top. */
const good = (over: Record<string, string> = {}): Record<string, string> => ({
  Title: 'Fountain',
  Lat: '45.52',
  Lng: '-122.67',
  ...over,
});

const readOne = (
  row: Record<string, string>,
  over: { mapping?: ImportMappingInput; context?: Partial<ImportContext> } = {},
) => readImportRows(table([row]), mapping(over.mapping), context(over.context))[0]!;
const codes = (r: ImportRowResult) => r.problems.map((p) => p.code);

describe('headerKey', () => {
  it.each([
    ['Title', 'title'],
    ['\uFEFFName', 'name'],
    ['  Nàme  ', 'name'],
    ['Lat, Lng', 'lat lng'],
    ['Audio_FR', 'audio fr'],
    ['Audio (fr)', 'audio fr'],
    ['Photo2', 'photo 2'],
    ['EXTERNAL-ID', 'external id'],
    ['Légende', 'legende'],
    ['Straße', 'strasse'],
    ['#', ''],
  ])('%j → %j', (header, key) => {
    expect(headerKey(header)).toBe(key);
  });
});

describe('guessMapping', () => {
  const guess = (columns: string[], languages = ['en']) => guessMapping(columns, languages);

  it.each<[string, string[], Partial<ImportMapping>]>([
    ['a title named "name"', ['Name'], { title: 'Name' }],
    ['a title behind a byte-order mark', ['\uFEFFTitle'], { title: '\uFEFFTitle' }],
    ['accents and case', ['NÂME', 'Déscription'], { title: 'NÂME', description: 'Déscription' }],
    ['subtitle', ['Sub-title'], { subtitle: 'Sub-title' }],
    ['desc, as GPX writes it', ['desc'], { description: 'desc' }],
    [
      'lat and lon',
      ['lat', 'lon'],
      { position: { kind: 'columns', latitude: 'lat', longitude: 'lon' } },
    ],
    [
      'Latitude and Longitude',
      ['Latitude', 'Longitude'],
      { position: { kind: 'columns', latitude: 'Latitude', longitude: 'Longitude' } },
    ],
    ['y and x', ['X', 'Y'], { position: { kind: 'columns', latitude: 'Y', longitude: 'X' } }],
    [
      'lat and long',
      ['Lat', 'Long'],
      { position: { kind: 'columns', latitude: 'Lat', longitude: 'Long' } },
    ],
    ['lng', ['lat', 'lng'], { position: { kind: 'columns', latitude: 'lat', longitude: 'lng' } }],
    [
      '"lat, lng" in one column',
      ['Lat, Lng'],
      { position: { kind: 'combined', column: 'Lat, Lng' } },
    ],
    ['coordinates', ['Coordinates'], { position: { kind: 'combined', column: 'Coordinates' } }],
    ['location', ['Location'], { position: { kind: 'combined', column: 'Location' } }],
    [
      'a latitude alone is no place',
      ['Latitude', 'Location'],
      { position: { kind: 'combined', column: 'Location' } },
    ],
    ['code', ['Code'], { keypadCode: 'Code' }],
    ['stop', ['Stop'], { keypadCode: 'Stop' }],
    ['number', ['Number'], { keypadCode: 'Number' }],
    ['stop no.', ['Stop No.'], { keypadCode: 'Stop No.' }],
    ['id', ['id'], { externalId: 'id' }],
    ['external id', ['External ID'], { externalId: 'External ID' }],
    ['ref', ['Ref'], { externalId: 'Ref' }],
    ['layer', ['Category'], { layer: 'Category' }],
    ['photo', ['Photo'], { images: [{ column: 'Photo' }] }],
    ['image with its alt', ['Image', 'Alt'], { images: [{ column: 'Image', alt: 'Alt' }] }],
    ['picture', ['Pictures', 'Alt text'], { images: [{ column: 'Pictures', alt: 'Alt text' }] }],
    [
      'numbered photos, each with its alt',
      ['Photo 2', 'Alt 2', 'Photo1', 'Alt 1'],
      {
        images: [
          { column: 'Photo1', alt: 'Alt 1' },
          { column: 'Photo 2', alt: 'Alt 2' },
        ],
      },
    ],
    [
      'one alt goes with the first photo',
      ['Photo 1', 'Photo 2', 'Alt'],
      { images: [{ column: 'Photo 1', alt: 'Alt' }, { column: 'Photo 2' }] },
    ],
    ['audio', ['Audio'], { audio: { en: 'Audio' } }],
    ['recording', ['Recording'], { audio: { en: 'Recording' } }],
    ['mp3', ['MP3'], { audio: { en: 'MP3' } }],
    ['transcript', ['Transcript'], { transcript: { en: 'Transcript' } }],
  ])('%s', (_, columns, expected) => {
    expect(guess(columns)).toMatchObject(expected);
  });

  it.each<[string, string[], Record<string, string>, Record<string, string>]>([
    [
      'a plain column is the first language, a suffixed one its language',
      ['Audio', 'Audio (fr)', 'Transcript', 'Transcript FR'],
      { en: 'Audio', fr: 'Audio (fr)' },
      { en: 'Transcript', fr: 'Transcript FR' },
    ],
    [
      'underscores and a prefix',
      ['audio_en', 'audio_fr', 'FR transcript'],
      { en: 'audio_en', fr: 'audio_fr' },
      { fr: 'FR transcript' },
    ],
    [
      'the suffixed first language wins over the plain column',
      ['Audio', 'Audio EN'],
      { en: 'Audio EN' },
      {},
    ],
    ['a language the guide lacks is not guessed', ['Audio DE'], {}, {}],
  ])('per language: %s', (_, columns, audio, transcript) => {
    const m = guess(columns, ['en', 'fr']);
    expect(m.audio).toEqual(audio);
    expect(m.transcript).toEqual(transcript);
  });

  it('reads a language with a region ("pt-BR")', () => {
    expect(guess(['Audio (pt-BR)'], ['en', 'pt-BR']).audio).toEqual({ 'pt-BR': 'Audio (pt-BR)' });
  });

  it('takes a title in the first language but not in another', () => {
    expect(guess(['Title (fr)', 'Title (en)'], ['en', 'fr']).title).toBe('Title (en)');
    expect(guess(['Title (fr)'], ['en', 'fr']).title).toBeUndefined();
  });

  it('takes each column once, the first of a field', () => {
    expect(guess(['Name', 'Title'])).toMatchObject({ title: 'Name' });
  });

  it('guesses nothing from headers it does not know', () => {
    expect(guess(['Foo', 'Bar', ''])).toEqual({ images: [], audio: {}, transcript: {} });
  });

  it('guesses a whole spreadsheet, and the guess passes the schema', () => {
    const m = guess(['\uFEFFName', 'Lat', 'Lon', 'Stop #', 'Photo', 'Alt', 'Audio', 'Ref'], ['en']);
    expect(m).toEqual({
      title: '\uFEFFName',
      position: { kind: 'columns', latitude: 'Lat', longitude: 'Lon' },
      keypadCode: 'Stop #',
      externalId: 'Ref',
      images: [{ column: 'Photo', alt: 'Alt' }],
      audio: { en: 'Audio' },
      transcript: {},
    });
    expect(importMappingSchema.parse(m)).toEqual(m);
  });
});

describe('importMappingSchema', () => {
  it.each<[string, unknown]>([
    ['the least', {}],
    ['two place columns', { position: { kind: 'columns', latitude: 'a', longitude: 'b' } }],
    ['one place column', { position: { kind: 'combined', column: 'a' } }],
    ['audio per language', { audio: { en: 'A', 'pt-BR': 'B' } }],
  ])('takes %s', (_, value) => {
    expect(importMappingSchema.safeParse(value).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['an unknown field', { colour: 'C' }],
    ['an empty column name', { title: '' }],
    [
      'a place of one kind with the other’s fields',
      { position: { kind: 'combined', latitude: 'a' } },
    ],
    ['half a place', { position: { kind: 'columns', latitude: 'a' } }],
    ['a language code that is none', { audio: { English: 'A' } }],
    ['an image without its column', { images: [{ alt: 'Alt' }] }],
  ])('refuses %s', (_, value) => {
    expect(importMappingSchema.safeParse(value).success).toBe(false);
  });
});

describe('mappingProblems', () => {
  it.each<[string, ImportMappingInput, string[]]>([
    ['a complete mapping', {}, []],
    ['no title', { title: undefined }, ['Choose the column that holds each stop’s title.']],
    [
      'no place',
      { position: undefined },
      [
        'Choose the columns that hold each stop’s latitude and longitude, or the one column that holds both.',
      ],
    ],
    ['a column the file lacks', { subtitle: 'Artist' }, ['The file has no column “Artist”.']],
    [
      'a language the guide lacks',
      { audio: { de: 'Audio' } },
      ['“de” is not one of the guide’s languages.'],
    ],
  ])('%s', (_, over, expected) => {
    const m = mapping(over);
    expect(mappingProblems(m, COLUMNS, ['en', 'fr'])).toEqual(expected);
  });
});

describe('sampleValues', () => {
  const t = table([
    { Title: 'A' },
    { Title: '' },
    { Title: '  B ' },
    { Title: 'A' },
    {},
    { Title: 'C' },
    { Title: 'D' },
  ]);
  it.each<[string, number, string[]]>([
    ['Title', 3, ['A', 'B', 'C']],
    ['Title', 10, ['A', 'B', 'C', 'D']],
    ['Title', 0, []],
    ['Lat', 3, []],
    ['Nope', 3, []],
  ])('%s, %i', (c, n, expected) => {
    expect(sampleValues(t, c, n)).toEqual(expected);
  });
});

describe('readDegrees', () => {
  it.each<[string, number | null]>([
    ['45.52', 45.52],
    [' -122.67 ', -122.67],
    ['+45.52', 45.52],
    ['45', 45],
    ['0', 0],
    ['45.52°', 45.52],
    ['−33.86', -33.86],
    ['45,52', 45.52],
    ['-122,67', -122.67],
    ['', null],
    ['abc', null],
    ['45.52 N', null],
    ['1e3', null],
    ['45,520,1', null],
    ['45.52.1', null],
    ['.5', null],
    ['45,52, -122,67', null],
  ])('%j → %j', (text, value) => {
    expect(readDegrees(text)).toBe(value);
  });
});

describe('featureColumns and featureCoordinate', () => {
  it.each<[string[], string, string]>([
    [['name', 'description'], 'latitude', 'longitude'],
    [['name', 'Latitude'], 'latitude (geometry)', 'longitude'],
    [
      ['latitude', 'longitude', 'latitude (geometry)'],
      'latitude (geometry 2)',
      'longitude (geometry)',
    ],
  ])('%j', (properties, lat, lng) => {
    expect(featureColumns(properties)).toEqual({ columns: [...properties, lat, lng], lat, lng });
  });

  it.each<[number, string]>([
    [45.52, '45.52'],
    [-122.123456789, '-122.123457'],
    [1e-7, '0'],
    [0.000001, '0.000001'],
  ])('%d → %j', (degrees, text) => {
    expect(featureCoordinate(degrees)).toBe(text);
  });
});

describe('descriptionHtml', () => {
  it.each([
    ['', ''],
    ['One.', '<p>One.</p>'],
    ['One.\nTwo.', '<p>One.<br>Two.</p>'],
    ['One.\r\n\r\nTwo.', '<p>One.</p><p>Two.</p>'],
    ['a < b & <b>c</b>', '<p>a &lt; b &amp; &lt;b&gt;c&lt;/b&gt;</p>'],
  ])('%j → %j', (text, html) => {
    expect(descriptionHtml(text)).toBe(html);
  });
});

describe('readImportRows: a clean row', () => {
  it('reads every field', () => {
    const r = readOne(
      good({
        Subtitle: 'By A. Smith',
        Description: 'Bronze.\n\nCast in 1888.',
        Code: '0103',
        ID: ' A-1 ',
        Layer: 'murals',
        Photo: 'fountain.jpg; bell.png',
        Alt: 'The fountain; The bell',
        Audio: 'fountain-en.mp3',
        'Audio FR': 'FR.MP3',
        Transcript: 'Hello.',
      }),
    );
    expect(r).toEqual({
      row: 2,
      problems: [],
      stop: {
        row: 2,
        title: 'Fountain',
        subtitle: 'By A. Smith',
        description: '<p>Bronze.</p><p>Cast in 1888.</p>',
        lat: 45.52,
        lng: -122.67,
        code: 103,
        layer: 'murals',
        images: [
          { file: 'media/fountain.jpg', alt: 'The fountain' },
          { file: 'Media/Bell.PNG', alt: 'The bell' },
        ],
        audio: { en: 'audio/fountain-en.mp3', fr: 'fr.mp3' },
        transcript: { en: 'Hello.' },
        externalId: 'A-1',
      },
    });
  });

  it.each<[string, Record<string, string>, Partial<ImportCandidate>]>([
    ['a layer by its name', { Layer: 'MURALS' }, { layer: 'murals' }],
    [
      'a layer by its name, accents dropped',
      { Layer: 'memoire de la  ville' },
      { layer: 'history' },
    ],
    ['a layer by its name, as written', { Layer: 'Mémoire de la ville' }, { layer: 'history' }],
    ['a layer by its key in another case', { Layer: 'History' }, { layer: 'history' }],
    [
      'comma-separated pictures',
      { Photo: 'fountain.jpg,bell.png' },
      {
        images: [
          { file: 'media/fountain.jpg', alt: '' },
          { file: 'Media/Bell.PNG', alt: '' },
        ],
      },
    ],
    [
      'a picture named with its folder',
      { Photo: 'C:\\Photos\\Fountain.JPG' },
      { images: [{ file: 'media/fountain.jpg', alt: '' }] },
    ],
    [
      'one alt with commas for one picture',
      { Photo: 'bell.png', Alt: 'A bell, cast in bronze' },
      { images: [{ file: 'Media/Bell.PNG', alt: 'A bell, cast in bronze' }] },
    ],
    ['decimal commas', { Lat: '45,52', Lng: '-122,67' }, { lat: 45.52, lng: -122.67 }],
    [
      'negative numbers, rounded',
      { Lat: '-33.8688197', Lng: '151.2092955' },
      { lat: -33.86882, lng: 151.209296 },
    ],
    ['the edges of the map', { Lat: '-90', Lng: '180' }, { lat: -90, lng: 180 }],
    ['no code', { Code: '' }, { code: null }],
    ['code 0', { Code: '0' }, { code: 0 }],
    ['no external id', { ID: '  ' }, { externalId: null }],
  ])('%s', (_, over, expected) => {
    const r = readOne(good(over));
    expect(r.stop).toMatchObject(expected);
  });

  it.each<[string, string, number, number]>([
    ['with a comma', '45.52, -122.67', 45.52, -122.67],
    ['with spaces around', '  45.52 ,  -122.67  ', 45.52, -122.67],
    ['with a space only', '45.52 -122.67', 45.52, -122.67],
    ['with a semicolon', '45.52;-122.67', 45.52, -122.67],
    ['with hemispheres', '33.86 S, 151.21 E', -33.86, 151.21],
  ])('one place column %s', (_, text, lat, lng) => {
    const r = readOne(
      { Title: 'A', Where: text },
      { mapping: { position: { kind: 'combined', column: 'Where' } } },
    );
    expect(r.stop).toMatchObject({ lat, lng });
  });
});

describe('readImportRows: problems', () => {
  it.each<[string, Record<string, string>, ImportProblemCode[], string[]]>([
    [
      'no title',
      { Title: '  ' },
      ['missing-title'],
      ['Row 2, “Title”: no title: every stop needs one.'],
    ],
    [
      'a title over the bundle’s limit',
      { Title: 'x'.repeat(201) },
      ['text-too-long'],
      ['Row 2, “Title”: at most 200 characters here, and this one has 201.'],
    ],
    [
      'a subtitle over the limit',
      { Subtitle: 'x'.repeat(301) },
      ['text-too-long'],
      ['Row 2, “Subtitle”: at most 300 characters here, and this one has 301.'],
    ],
    [
      'markup in a title',
      { Title: '<b>Fountain</b>' },
      ['markup'],
      [
        'Row 2, “Title”: Plain text only: "<b>" would be HTML markup here (a "<" may stand before a space or a digit, as in "a < b").',
      ],
    ],
    [
      'no latitude',
      { Lat: '' },
      ['missing-coordinates'],
      ['Row 2, “Lat”: empty: every stop needs a latitude.'],
    ],
    [
      'a latitude that is no number',
      { Lat: 'north' },
      ['bad-coordinates'],
      ['Row 2, “Lat”: “north” is not a latitude (a number such as 45.52).'],
    ],
    [
      'a latitude beyond 90',
      { Lat: '91.2' },
      ['latitude-out-of-range'],
      ['Row 2, “Lat”: “91.2” is not a latitude (it must be between -90 and 90).'],
    ],
    [
      'a longitude beyond 180',
      { Lng: '-190' },
      ['longitude-out-of-range'],
      ['Row 2, “Lng”: “-190” is not a longitude (it must be between -180 and 180).'],
    ],
    [
      'latitude and longitude swapped',
      { Lat: '-122.67', Lng: '45.52' },
      ['latitude-out-of-range'],
      [
        'Row 2, “Lat”: “-122.67” is not a latitude (it must be between -90 and 90). Are the latitude and longitude swapped?',
      ],
    ],
    [
      'both bad',
      { Lat: 'x', Lng: '' },
      ['bad-coordinates', 'missing-coordinates'],
      [
        'Row 2, “Lat”: “x” is not a latitude (a number such as 45.52).',
        'Row 2, “Lng”: empty: every stop needs a longitude.',
      ],
    ],
    [
      'a keypad code with a letter',
      { Code: '12a' },
      ['bad-keypad-code'],
      ['Row 2, “Code”: “12a” is not a keypad code (a whole number from 0 to 99999999).'],
    ],
    [
      'a negative keypad code',
      { Code: '-1' },
      ['bad-keypad-code'],
      ['Row 2, “Code”: “-1” is not a keypad code (a whole number from 0 to 99999999).'],
    ],
    [
      'a keypad code with decimals',
      { Code: '1.5' },
      ['bad-keypad-code'],
      ['Row 2, “Code”: “1.5” is not a keypad code (a whole number from 0 to 99999999).'],
    ],
    [
      'a keypad code too long',
      { Code: '123456789' },
      ['bad-keypad-code'],
      ['Row 2, “Code”: “123456789” is not a keypad code (a whole number from 0 to 99999999).'],
    ],
    [
      'an unknown layer',
      { Layer: 'Sculpture' },
      ['unknown-layer'],
      [
        'Row 2, “Layer”: this guide has no layer “Sculpture” (its layers: Murals, Mémoire de la ville); the stop is imported without a layer.',
      ],
    ],
    [
      'a picture not in the zip',
      { Photo: 'gone.jpg' },
      ['missing-file'],
      ['Row 2, “Photo”: “gone.jpg” is not in the zip of media; the stop is imported without it.'],
    ],
    [
      'audio in a picture column',
      { Photo: 'fountain-en.mp3' },
      ['wrong-kind-of-file'],
      ['Row 2, “Photo”: “fountain-en.mp3” is audio, not a picture; it is left out.'],
    ],
    [
      'a picture in an audio column',
      { Audio: 'fountain.jpg' },
      ['wrong-kind-of-file'],
      ['Row 2, “Audio”: “fountain.jpg” is a picture, not audio; it is left out.'],
    ],
    [
      'a file that is no media',
      { Photo: 'map.pdf' },
      ['not-media'],
      [
        'Row 2, “Photo”: “map.pdf” is not a picture the studio takes (JPEG, PNG or WebP); it is left out.',
      ],
    ],
    [
      'audio of a kind the studio does not take',
      { 'Audio FR': 'intro.flac' },
      ['not-media'],
      [
        'Row 2, “Audio FR”: “intro.flac” is not audio the studio takes (MP3, M4A, OGG or WAV); it is left out.',
      ],
    ],
    [
      'a transcript over the limit',
      { Transcript: 'x'.repeat(100_001) },
      ['text-too-long'],
      ['Row 2, “Transcript”: at most 100000 characters here, and this one has 100,001.'],
    ],
    [
      'an alt text over the limit',
      { Photo: 'bell.png', Alt: 'x'.repeat(501) },
      ['text-too-long'],
      ['Row 2, “Alt”: at most 500 characters here, and this one has 501.'],
    ],
  ])('%s', (_, over, expected, messages) => {
    const r = readOne(good(over));
    expect(codes(r)).toEqual(expected);
    expect(r.problems.map((p) => p.message)).toEqual(messages);
    const blocked = expected.some((c) => IMPORT_PROBLEM_SEVERITY[c] === 'error');
    expect(r.stop === null).toBe(blocked);
    expect(
      r.problems.every((p) => p.row === 2 && p.severity === IMPORT_PROBLEM_SEVERITY[p.code]),
    ).toBe(true);
  });

  it('leaves out what a warning names and keeps the rest', () => {
    const r = readOne(good({ Photo: 'gone.jpg; bell.png', Alt: 'Gone; Bell', Layer: 'Nope' }));
    expect(r.stop).toMatchObject({
      images: [{ file: 'Media/Bell.PNG', alt: 'Bell' }],
      layer: null,
    });
  });

  it('a decimal comma does not work in one place column', () => {
    const r = readOne(
      { Title: 'A', Where: '45,52, -122,67' },
      { mapping: { position: { kind: 'combined', column: 'Where' } } },
    );
    expect(r.problems.map((p) => [p.code, p.message])).toEqual([
      [
        'bad-coordinates',
        'Row 2, “Where”: “45,52, -122,67” is not a latitude and a longitude (such as 45.52, -122.67).',
      ],
    ]);
  });

  it.each<[string, string, ImportProblemCode, string]>([
    [
      'empty',
      '',
      'missing-coordinates',
      'Row 2, “Where”: empty: every stop needs its latitude and longitude.',
    ],
    [
      'one number',
      '45.52',
      'bad-coordinates',
      'Row 2, “Where”: “45.52” is not a latitude and a longitude (such as 45.52, -122.67).',
    ],
    [
      'a latitude beyond 90',
      '91, 0',
      'latitude-out-of-range',
      'Row 2, “Where”: “91, 0” is not a place: its latitude must be between -90 and 90.',
    ],
    [
      'a longitude beyond 180',
      '0, 180.5',
      'longitude-out-of-range',
      'Row 2, “Where”: “0, 180.5” is not a place: its longitude must be between -180 and 180.',
    ],
  ])('one place column: %s', (_, text, code, message) => {
    const r = readOne(
      { Title: 'A', Where: text },
      { mapping: { position: { kind: 'combined', column: 'Where' } } },
    );
    expect(r.problems.map((p) => [p.code, p.message])).toEqual([[code, message]]);
    expect(r.stop).toBeNull();
  });

  it('without a zip, every named file is left out', () => {
    const r = readOne(good({ Photo: 'fountain.jpg', Audio: 'a.mp3' }), {
      context: { mediaFiles: null },
    });
    expect(r.problems.map((p) => p.message)).toEqual([
      'Row 2, “Photo”: “fountain.jpg” is named, but no zip of media was given; the stop is imported without it.',
      'Row 2, “Audio”: “a.mp3” is named, but no zip of media was given; the stop is imported without it.',
    ]);
    expect(r.stop).toMatchObject({ images: [], audio: {} });
  });

  it('two files of one name in the zip: the first by path, with a warning', () => {
    const r = readOne(good({ Photo: 'fountain.jpg' }), {
      context: { mediaFiles: ['z/Fountain.jpg', 'a/fountain.JPG', '__MACOSX/a/._fountain.jpg'] },
    });
    expect(r.problems.map((p) => [p.code, p.message])).toEqual([
      [
        'ambiguous-file',
        'Row 2, “Photo”: the zip holds 2 files named “fountain.jpg” (a/fountain.JPG, z/Fountain.jpg); a/fountain.JPG is used.',
      ],
    ]);
    expect(r.stop?.images).toEqual([{ file: 'a/fountain.JPG', alt: '' }]);
  });

  it('more pictures than a stop holds: the first 20', () => {
    const names = Array.from({ length: 22 }, (_, i) => `p${i}.jpg`);
    const r = readOne(good({ Photo: names.join(';') }), { context: { mediaFiles: names } });
    expect(codes(r)).toEqual(['too-many-images']);
    expect(r.problems[0]!.message).toBe(
      'Row 2, “Photo”: 22 pictures, and a stop may have at most 20: the first 20 are imported.',
    );
    expect(r.stop?.images).toHaveLength(20);
  });

  it('names the row alone when the mapping has no title or place', () => {
    const r = readOne({ Title: 'A' }, { mapping: { title: undefined, position: undefined } });
    expect(r.problems.map((p) => [p.column, p.message])).toEqual([
      ['', 'Row 2: no title: every stop needs one.'],
      ['', 'Row 2: no column holds the place: every stop needs one.'],
    ]);
  });

  it('shows a column without its byte-order mark, and reports it as the file names it', () => {
    const r = readOne(
      { '\uFEFFTitle': '', Lat: '1', Lng: '2' },
      { mapping: { title: '\uFEFFTitle' } },
    );
    expect(r.problems).toEqual([
      {
        row: 2,
        column: '\uFEFFTitle',
        code: 'missing-title',
        severity: 'error',
        message: 'Row 2, “Title”: no title: every stop needs one.',
      },
    ]);
  });
});

describe('readImportRows: across rows', () => {
  const read = (
    rows: Record<string, string>[],
    over: Partial<ImportContext> = {},
    kind?: ImportTable['kind'],
  ) => readImportRows(table(rows, kind), mapping(), context(over));

  it('skips empty rows and keeps the spreadsheet’s row numbers', () => {
    const results = read([good(), {}, { Title: ' ', Lat: '' }, good({ Title: 'Bell' })]);
    expect(results.map((r) => [r.row, r.stop?.title])).toEqual([
      [2, 'Fountain'],
      [5, 'Bell'],
    ]);
  });

  it('numbers a map file’s features from 1', () => {
    const results = read([good(), good({ Lat: 'x' })], {}, 'features');
    expect(results.map((r) => r.row)).toEqual([1, 2]);
    expect(results[1]!.problems[0]!.message).toBe(
      'Feature 2, “Lat”: “x” is not a latitude (a number such as 45.52).',
    );
  });

  it.each<[string, string[], (ImportProblemCode | null)[]]>([
    ['different codes', ['1', '2', '3'], [null, null, null]],
    ['a code twice: the later row', ['1', '2', '1'], [null, null, 'duplicate-keypad-code']],
    [
      'a code three times: each after the first',
      ['7', '7', '7'],
      [null, 'duplicate-keypad-code', 'duplicate-keypad-code'],
    ],
    ['as numbers: "07" is 7', ['7', '07'], [null, 'duplicate-keypad-code']],
    ['empty codes are no duplicates', ['', ''], [null, null]],
  ])('keypad codes: %s', (_, values, expected) => {
    const results = read(values.map((Code, i) => good({ Code, Title: `S${i}` })));
    expect(results.map((r) => r.problems[0]?.code ?? null)).toEqual(expected);
  });

  it('tells which row has the code first', () => {
    const results = read([good({ Code: '5' }), good({ Code: '6' }), good({ Code: '5' })]);
    expect(results[2]!.problems[0]!.message).toBe(
      'Row 4, “Code”: keypad code 5 is already row 2’s: each stop needs its own.',
    );
  });

  it('a row refused for another reason still claims its code', () => {
    const results = read([good({ Code: '5', Title: '' }), good({ Code: '5' })]);
    expect(codes(results[1]!)).toEqual(['duplicate-keypad-code']);
  });

  it.each<[string, string[], (ImportProblemCode | null)[]]>([
    ['different ids', ['a', 'b'], [null, null]],
    ['an id twice', ['a', 'b', 'a'], [null, null, 'duplicate-external-id']],
    ['spaces around do not count', ['a', ' a '], [null, 'duplicate-external-id']],
    ['case counts', ['a', 'A'], [null, null]],
  ])('external ids: %s', (_, values, expected) => {
    const results = read(values.map((ID) => good({ ID })));
    expect(results.map((r) => r.problems[0]?.code ?? null)).toEqual(expected);
  });

  it('names the row of the first id', () => {
    const results = read([good({ ID: 'X-1' }), good({ ID: 'X-1' })]);
    expect(results[1]!.problems[0]!.message).toBe(
      'Row 3, “ID”: “X-1” is already row 2’s id: each row needs its own, or a later import cannot tell which stop is which.',
    );
  });

  const existing: ExistingStop[] = [
    { token: 's-1', title: 'Bell', keypadCode: 5, externalId: ' b ' },
    { token: 's-2', keypadCode: 6 },
  ];
  it.each<[string, Record<string, string>[], (ImportProblemCode | null)[]]>([
    ['a code an existing stop keeps', [good({ Code: '6' })], ['keypad-code-in-use']],
    ['the code of the stop the row updates', [good({ Code: '5', ID: 'b' })], [null]],
    [
      'the code of a stop another row updates',
      [good({ Code: '5' }), good({ Code: '9', ID: 'b' })],
      [null, null],
    ],
    ['a free code', [good({ Code: '7' })], [null]],
  ])('existing stops: %s', (_, rows, expected) => {
    const results = read(rows, { existing });
    expect(results.map((r) => r.problems[0]?.code ?? null)).toEqual(expected);
    expect(results.every((r) => r.stop !== null)).toBe(true);
  });

  it('names the existing stop whose code a row takes', () => {
    const results = read([good({ Code: '5' }), good({ Code: '6', Title: 'Gate' })], {
      existing: [
        { token: 's-1', title: 'Bell', keypadCode: 5 },
        { token: 's-2', keypadCode: 6 },
      ],
    });
    expect(results.map((r) => r.problems[0]!.message)).toEqual([
      'Row 2, “Code”: keypad code 5 is already “Bell”’s in this guide: give one of them another code, or remove that stop.',
      'Row 3, “Code”: keypad code 6 is already a stop’s in this guide: give one of them another code, or remove that stop.',
    ]);
  });
});

const candidate = (row: number, externalId: string | null): ImportCandidate => ({
  row,
  title: `Row ${row}`,
  subtitle: '',
  description: '',
  lat: 0,
  lng: 0,
  code: null,
  layer: null,
  images: [],
  audio: {},
  transcript: {},
  externalId,
});

describe('planImport', () => {
  const existing: ExistingStop[] = [
    { token: 's-a', externalId: 'a' },
    { token: 's-b', externalId: 'b' },
    { token: 's-hand' },
    { token: 's-c', externalId: ' c ' },
    { token: 's-a2', externalId: 'a' },
  ];
  const plan = (cs: ImportCandidate[], ex = existing) => {
    const p = planImport(cs, ex);
    return {
      updates: p.updates.map((u) => [u.row, u.token]),
      additions: p.additions.map((a) => a.row),
      missing: p.missing.map((m) => m.token),
    };
  };

  it.each<[string, ImportCandidate[], ExistingStop[], ReturnType<typeof plan>]>([
    ['nothing', [], [], { updates: [], additions: [], missing: [] }],
    [
      'an empty draft: all new',
      [candidate(2, 'a'), candidate(3, null)],
      [],
      { updates: [], additions: [2, 3], missing: [] },
    ],
    [
      'rows without an id are always new',
      [candidate(2, null), candidate(3, null)],
      existing,
      { updates: [], additions: [2, 3], missing: ['s-a', 's-b', 's-hand', 's-c', 's-a2'] },
    ],
    [
      'ids match, the rest is missing',
      [candidate(2, 'b'), candidate(3, 'new'), candidate(4, 'c')],
      existing,
      {
        updates: [
          [2, 's-b'],
          [4, 's-c'],
        ],
        additions: [3],
        missing: ['s-a', 's-hand', 's-a2'],
      },
    ],
    [
      'an id two stops have: the first stop',
      [candidate(2, 'a')],
      existing,
      { updates: [[2, 's-a']], additions: [], missing: ['s-b', 's-hand', 's-c', 's-a2'] },
    ],
    [
      'an id two rows have: the first row updates, the other is new',
      [candidate(5, 'a'), candidate(2, 'a')],
      existing,
      { updates: [[2, 's-a']], additions: [5], missing: ['s-b', 's-hand', 's-c', 's-a2'] },
    ],
    [
      'candidates out of order come out in row order',
      [candidate(9, null), candidate(3, 'b'), candidate(4, null)],
      existing,
      { updates: [[3, 's-b']], additions: [4, 9], missing: ['s-a', 's-hand', 's-c', 's-a2'] },
    ],
  ])('%s', (_, cs, ex, expected) => {
    expect(plan(cs, ex)).toEqual(expected);
  });

  it('hands each candidate over as it came', () => {
    const c = candidate(2, 'b');
    expect(planImport([c], existing).updates[0]!.stop).toBe(c);
  });
});

describe('importSummary', () => {
  const ready = (row: number, warnings = 0): ImportRowResult => ({
    row,
    stop: candidate(row, null),
    problems: Array.from({ length: warnings }, () => ({
      row,
      column: 'Layer',
      code: 'unknown-layer' as const,
      severity: 'warning' as const,
      message: '',
    })),
  });
  const refused = (row: number): ImportRowResult => ({
    row,
    stop: null,
    problems: [{ row, column: 'Title', code: 'missing-title', severity: 'error', message: '' }],
  });
  const results = (n: number, warned: number, blocked: number) => [
    ...Array.from({ length: n }, (_, i) => ready(i + 2, i < warned ? 1 : 0)),
    ...Array.from({ length: blocked }, (_, i) => refused(n + i + 2)),
  ];
  const planOf = (updates: number, additions: number, missing: number) => ({
    updates: Array.from({ length: updates }, (_, i) => ({
      row: i,
      token: `t${i}`,
      stop: candidate(i, `${i}`),
    })),
    additions: Array.from({ length: additions }, (_, i) => ({ row: i, stop: candidate(i, null) })),
    missing: Array.from({ length: missing }, (_, i) => ({ token: `m${i}` })),
  });

  it.each<[string, ImportRowResult[], ReturnType<typeof planOf>, string]>([
    ['an empty file', [], planOf(0, 0, 0), 'The file has no stops.'],
    [
      'the dry run of a large file',
      results(498, 0, 2),
      planOf(12, 486, 3),
      '498 stops ready, 2 with problems; 12 update existing stops, 486 are new; 3 stops are not in the file.',
    ],
    [
      'with warnings',
      results(10, 3, 0),
      planOf(0, 10, 0),
      '10 stops ready (3 with warnings); 10 are new.',
    ],
    [
      'one of each',
      results(1, 1, 1),
      planOf(1, 0, 1),
      '1 stop ready (1 with warnings), 1 with problems; 1 updates an existing stop; 1 stop is not in the file.',
    ],
    ['one new', results(1, 0, 0), planOf(0, 1, 0), '1 stop ready; 1 is new.'],
    [
      'nothing ready',
      results(0, 0, 3),
      planOf(0, 0, 2),
      '0 stops ready, 3 with problems; 2 stops are not in the file.',
    ],
    ['only stops missing', [], planOf(0, 0, 4), '4 stops are not in the file.'],
    ['thousands', results(1200, 0, 0), planOf(0, 1200, 0), '1,200 stops ready; 1,200 are new.'],
  ])('%s', (_, rs, p, expected) => {
    expect(importSummary(rs, p)).toBe(expected);
  });

  it('summarises a whole dry run', () => {
    const rows = [good({ ID: 'a' }), good({ Lat: '' }), good({ ID: 'z', Layer: 'Nope' }), {}];
    const rs = readImportRows(table(rows), mapping(), context());
    const p = planImport(
      rs.flatMap((r) => (r.stop ? [r.stop] : [])),
      [
        { token: 's-a', externalId: 'a' },
        { token: 's-old', externalId: 'old' },
      ],
    );
    expect(importSummary(rs, p)).toBe(
      '2 stops ready (1 with warnings), 1 with problems; 1 updates an existing stop, 1 is new; 1 stop is not in the file.',
    );
  });
});
