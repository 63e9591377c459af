import { describe, expect, it } from 'vitest';
import {
  alphabetLetters,
  cellOf,
  clusterGrid,
  CLUSTERS_MAX,
  decodeCursor,
  encodeCursor,
  orderParts,
  placeInitial,
  searchWords,
  sitemapIdRange,
  sitemapPages,
  xmlEscape,
  type CatalogueCursor,
} from '../../src/index.js';

describe('catalogue cursors', () => {
  const cursors: CatalogueCursor[] = [
    { order: 'state', keys: ['oregon', 'portland', 1, 'murals', 7] },
    { order: 'city-desc', keys: ['évora', 'alentejo', 2147483647, 'ü "quoted" / ?&=', 1] },
    { order: 'state-desc', keys: ['', '', 1, '', 1] },
    { order: 'city', keys: ['x'.repeat(200), 'y', 3, '漢字', 99] },
  ];
  it.each(cursors)('round-trips %j through a URL-safe string', (c) => {
    const text = encodeCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(c);
  });

  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x00]).toString('base64url')],
    ['an object', b64({ order: 'state' })],
    ['too few keys', b64(['state', 'a', 'b', 1, 't'])],
    ['unknown order', b64(['title', 'a', 'b', 1, 't', 1])],
    ['id 0', b64(['state', 'a', 'b', 1, 't', 0])],
    ['id beyond integer range', b64(['state', 'a', 'b', 1, 't', 2147483648])],
    ['fraction city id', b64(['state', 'a', 'b', 1.5, 't', 1])],
    ['number as key', b64(['state', 1, 'b', 1, 't', 1])],
    ['too long', 'A'.repeat(2001)],
  ])('refuses %s', (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});

describe('search words', () => {
  it.each([
    ['Bronze', ['bronze']],
    ['  bronze   M ', ['bronze', 'm']],
    ["O'Brien's walk", ['o', 'brien', 's', 'walk']],
    ['Café 1900', ['café', '1900']],
    ['"); drop --', ['drop']],
    ['%%%', []],
    ['a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
  ])('%j has the words %j', (q, words) => expect(searchWords(q)).toEqual(words));
});

describe('orders', () => {
  it.each([
    ['state', 'state', true],
    ['state-desc', 'state', false],
    ['city', 'city', true],
    ['city-desc', 'city', false],
  ] as const)('%s leads with %s, ascending %s', (order, by, ascending) => {
    expect(orderParts(order)).toEqual({ by, ascending });
  });
});

describe('alphabet letters', () => {
  it.each([
    ['Évora', 'e'],
    ['oregon', 'o'],
    ['Ñandú', 'n'],
    ['1st', '1'],
    ['', ''],
  ])('%s starts with %s', (name, letter) => expect(placeInitial(name)).toBe(letter));
  it('keeps only alphabet letters, once each, in order', () => {
    expect(alphabetLetters(['texas', 'Oregon', 'Évora', 'oslo', '9 Mile', 'åland'])).toEqual([
      'a',
      'e',
      'o',
      't',
    ]);
  });
});

describe('cluster grid', () => {
  const world = { w: -180, s: -85, e: 180, n: 85 };
  it.each([
    // [view, zoom, expected cell (degrees)]
    [world, 0, 90],
    [world, 1, 45],
    // The whole world at zoom 3 would be 33 × 17 cells of 11.25°: doubled to stay under 500.
    [world, 3, 22.5],
    // A phone's city view at zoom 13, and a wider view of that zoom (cells doubled once).
    [{ w: -122.68, s: 45.5, e: -122.63, n: 45.54 }, 13, 360 / 2 ** 13 / 4],
    [{ w: -122.8, s: 45.4, e: -122.5, n: 45.6 }, 13, (360 / 2 ** 13 / 4) * 2],
    [{ w: -122.6801, s: 45.52, e: -122.6799, n: 45.5201 }, 22, 360 / 2 ** 22 / 4],
  ])('view %j at zoom %i has cells of %f degrees', (view, zoom, cell) => {
    expect(clusterGrid(view, zoom)!.cell).toBeCloseTo(cell, 12);
  });

  it('never holds more than CLUSTERS_MAX cells, whatever the zoom', () => {
    for (let zoom = 0; zoom <= 22; zoom++) {
      const g = clusterGrid(world, zoom)!;
      const cols = Math.floor(g.bbox.e / g.cell) - Math.floor(g.bbox.w / g.cell) + 1;
      const rows = Math.floor(g.bbox.n / g.cell) - Math.floor(g.bbox.s / g.cell) + 1;
      expect(cols * rows).toBeLessThanOrEqual(CLUSTERS_MAX);
    }
  });

  it.each([
    [
      'a panned-round view is clamped',
      { w: -400, s: -95, e: 400, n: 95 },
      { w: -180, s: -90, e: 180, n: 90 },
    ],
    ['an inside-out view is empty', { w: 10, s: 0, e: -10, n: 5 }, null],
    ['a flat view is empty', { w: 0, s: 5, e: 10, n: 5 }, null],
  ])('%s', (_name, view, bbox) => {
    expect(clusterGrid(view, 2)?.bbox ?? null).toEqual(bbox);
  });

  it.each([
    [45.5, -122.6, 45, [-3, 1]],
    [-0.1, 0.1, 45, [0, -1]],
    [0, 0, 10, [0, 0]],
    [90, 180, 45, [4, 2]],
  ])('(%f, %f) with %f-degree cells is in cell %j', (lat, lng, cell, expected) => {
    expect(cellOf(lat, lng, cell)).toEqual(expected);
  });
});

describe('sitemap pages', () => {
  it.each([
    [0, 1],
    [1, 1],
    [50000, 1],
    [50001, 2],
    [100123, 3],
  ])('ids up to %i need %i files', (maxId, pages) => expect(sitemapPages(maxId)).toBe(pages));
  it.each([
    [1, [1, 50000]],
    [3, [100001, 150000]],
  ])('page %i holds ids %j', (n, range) => expect(sitemapIdRange(n)).toEqual(range));
  it('escapes XML', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});
