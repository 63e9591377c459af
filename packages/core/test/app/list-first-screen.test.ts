import { describe, expect, it } from 'vitest';
import {
  catalogueCountText,
  cityPath,
  cityRowLabel,
  FIRST_SCREEN_ROWS,
  firstCatalogueScreen,
  firstListScreen,
  listCountText,
} from '../../src/index.js';

const g = (title: string, id: number, name: string, state: string) => ({
  title,
  city: { id, name, state },
});

/** `n` guides spread over `cities` cities (city i in state S<i mod 3>), titles in order. */
const spread = (n: number, cities: number) =>
  Array.from({ length: n }, (_, i) => {
    const c = i % cities;
    return g(
      `Walk ${String(i).padStart(4, '0')}`,
      c + 1,
      `City ${String.fromCharCode(65 + (c % 26))}${c}`,
      `S${c % 3}`,
    );
  });

describe('the words of a list', () => {
  it.each([
    [1, 1, '1 guide'],
    [2, 1, '2 guides'],
    [26, 11, '26 guides in 11 cities'],
    [1500, 40, '1500 guides in 40 cities'],
    [3, 2, '3 guides in 2 cities'],
  ])('%i guides in %i cities: %j', (n, c, text) => expect(listCountText(n, c)).toBe(text));

  it.each([
    [1, '1 guide'],
    [2001, '2,001 guides'],
    [100000, '100,000 guides'],
  ])('a large catalogue of %i: %j', (n, text) => expect(catalogueCountText(n)).toBe(text));

  it.each([
    ['Austin', 'Texas', 3, 'Austin, Texas: 3 guides'],
    ['Salem', 'Oregon', 1, 'Salem, Oregon: 1 guide'],
  ])('row %s, %s (%i)', (city, state, n, label) =>
    expect(cityRowLabel(city, state, n)).toBe(label),
  );

  it.each([
    ['Portland', '/city/portland'],
    ['San Francisco', '/city/san%20francisco'],
    ['Coeur d’Alene', '/city/coeur%20d%E2%80%99alene'],
    ['A&B <x>', '/city/a%26b%20%3Cx%3E'],
  ])('city page of %j: %s', (city, path) => expect(cityPath(city)).toBe(path));
});

describe('firstListScreen (a small catalogue)', () => {
  const demo = [
    ...spread(24, 8),
    g('Harbor Lights', 50, 'Austin', 'Texas'),
    g('Bronze Age', 51, 'Boston', 'Massachusetts'),
  ];

  it('groups the home list by city in the default order (city ascending), with its letters', () => {
    const s = firstListScreen({ kind: 'home' }, demo)!;
    expect(s.count).toBe('26 guides in 10 cities');
    expect(s.groups).toBe(10);
    expect(s.rows.map((r) => r.city)).toEqual([
      'Austin',
      'Boston',
      'City A0',
      'City B1',
      'City C2',
      'City D3',
      'City E4',
      'City F5',
      'City G6',
      'City H7',
    ]);
    expect(s.rows[2]).toEqual({ cityId: 1, city: 'City A0', state: 'S0', guides: 3 });
    expect(s.letters?.toSorted()).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['no guides', [], null],
    ['20 guides: cards, not rows', spread(20, 5), null],
    ['21 guides: rows', spread(21, 5), 5],
  ] as const)('home list of %s', (_, list, rows) =>
    expect(firstListScreen({ kind: 'home' }, list)?.rows.length ?? null).toBe(rows),
  );

  it('holds at most the first screen of rows, and the whole list in its count', () => {
    const s = firstListScreen({ kind: 'home' }, spread(400, 40))!;
    expect(s.rows).toHaveLength(FIRST_SCREEN_ROWS);
    expect(s.groups).toBe(40);
    expect(s.count).toBe('400 guides in 40 cities');
  });

  it.each([
    [{ kind: 'state', place: 's1' } as const, 'S1', 13],
    [{ kind: 'state', place: 'S2' } as const, 'S2', 13],
    [{ kind: 'city', place: 'city a0' } as const, 'S0', 1],
  ])('a place page %o lists its own guides, without an alphabet bar', (page, state, groups) => {
    const s = firstListScreen(page, spread(1200, 40));
    expect(s?.groups).toBe(groups);
    expect(s?.rows.every((r) => r.state === state)).toBe(true);
    expect(s?.letters).toBeNull();
  });

  it('a place with 20 guides or fewer, or none, has no rows', () => {
    expect(firstListScreen({ kind: 'city', place: 'austin' }, demo)).toBeNull();
    expect(firstListScreen({ kind: 'state', place: 'nowhere' }, demo)).toBeNull();
  });
});

describe('firstCatalogueScreen (a large catalogue: its first page)', () => {
  // The server's order: state, city, title; the last city may go on in the next page.
  const page = [
    g('a', 1, 'Anchorage', 'Alaska'),
    g('b', 1, 'Anchorage', 'Alaska'),
    g('c', 2, 'Juneau', 'Alaska'),
    g('d', 3, 'Mesa', 'Arizona'),
  ];

  it('groups the page as the app does, holding back the city the next page may go on with', () => {
    const s = firstCatalogueScreen(page, 100000, ['a', 'c', 'w'])!;
    expect(s.count).toBe('100,000 guides');
    expect(s.rows).toEqual([
      { cityId: 1, city: 'Anchorage', state: 'Alaska', guides: 2 },
      { cityId: 2, city: 'Juneau', state: 'Alaska', guides: 1 },
    ]);
    expect(s.groups).toBe(2);
    expect(s.letters).toEqual(['a', 'c', 'w']);
  });

  it.each([
    ['a page that is the whole list keeps its last city', [...page, ...spread(17, 1)], 21, 4],
    ['20 guides in all: cards', page, 20, null],
    ['an empty page', [], 3000, null],
    ['a page of one city that goes on', [page[0]!, page[1]!], 3000, null],
  ])('%s', (_, list, total, groups) =>
    expect(firstCatalogueScreen(list, total, [])?.groups ?? null).toBe(groups),
  );

  it('keeps only the letters a–z', () =>
    expect(firstCatalogueScreen(page, 5000, ['a', 'é', '1', 'z'])?.letters).toEqual(['a', 'z']));
});
