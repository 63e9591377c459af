import { describe, expect, it } from 'vitest';
import {
  alphabetJumpIndex,
  cityTitle,
  groupByCity,
  guideSearchOptions,
  GUIDE_SEARCH_LIMIT,
  lettersWithCities,
  nextSort,
  shouldGroupByCity,
  sortGuides,
  upperTitle,
  searchText,
  guideSearchDoc,
  mergeSearchHits,
  type ListSort,
} from '../../src/index.js';

const g = (title: string, id: number, name: string, state: string) => ({
  title,
  city: { id, name, state },
});
const guides = [
  g('Murals', 1, 'Portland', 'Oregon'),
  g('Bridges', 1, 'Portland', 'Oregon'),
  g('Capitol', 2, 'Austin', 'Texas'),
  g('Statues', 3, 'Salem', 'Oregon'),
  g('Lakes', 4, 'Chicago', 'Illinois'),
  g('Émigrés', 5, 'Évanston', 'Illinois'),
];

describe('shouldGroupByCity (more than 20 → grouped)', () => {
  it.each([
    [0, false],
    [20, false],
    [21, true],
    [10000, true],
  ])('%i guides → %s', (n, out) => expect(shouldGroupByCity(n)).toBe(out));
});

describe('nextSort', () => {
  it.each<[ListSort, 'city' | 'state', ListSort]>([
    [{ by: 'city', ascending: true }, 'city', { by: 'city', ascending: false }],
    [{ by: 'city', ascending: false }, 'city', { by: 'city', ascending: true }],
    [{ by: 'city', ascending: false }, 'state', { by: 'state', ascending: true }],
    [{ by: 'state', ascending: true }, 'state', { by: 'state', ascending: false }],
    [{ by: 'state', ascending: false }, 'city', { by: 'city', ascending: true }],
  ])('%o then %s header → %o', (cur, header, out) => expect(nextSort(cur, header)).toEqual(out));
});

describe('groupByCity', () => {
  const summary = (sort: ListSort) =>
    groupByCity(guides, sort).map((x) => `${x.city}:${x.guides.map((y) => y.title).join('+')}`);
  it.each<[ListSort, string[]]>([
    [
      { by: 'city', ascending: true },
      [
        'Austin:Capitol',
        'Chicago:Lakes',
        'Évanston:Émigrés',
        'Portland:Bridges+Murals',
        'Salem:Statues',
      ],
    ],
    [
      { by: 'city', ascending: false },
      [
        'Salem:Statues',
        'Portland:Bridges+Murals',
        'Évanston:Émigrés',
        'Chicago:Lakes',
        'Austin:Capitol',
      ],
    ],
    [
      { by: 'state', ascending: true },
      [
        'Chicago:Lakes',
        'Évanston:Émigrés',
        'Portland:Bridges+Murals',
        'Salem:Statues',
        'Austin:Capitol',
      ],
    ],
    [
      { by: 'state', ascending: false },
      [
        'Austin:Capitol',
        'Salem:Statues',
        'Portland:Bridges+Murals',
        'Évanston:Émigrés',
        'Chicago:Lakes',
      ],
    ],
  ])('sorted %o', (sort, out) => expect(summary(sort)).toEqual(out));

  it('carries state, city name and guides for each row', () => {
    const [first] = groupByCity(guides);
    expect(first).toMatchObject({ city: 'Austin', state: 'Texas', cityId: 2, key: 'city-2' });
    expect(first!.guides).toHaveLength(1);
  });
});

describe('sortGuides (flat list)', () => {
  it('sorts by city then title, or by state', () => {
    expect(sortGuides(guides).map((x) => x.title)).toEqual([
      'Capitol',
      'Lakes',
      'Émigrés',
      'Bridges',
      'Murals',
      'Statues',
    ]);
    expect(sortGuides(guides, { by: 'state', ascending: false }).map((x) => x.city.state)[0]).toBe(
      'Texas',
    );
  });
});

describe('alphabetJumpIndex', () => {
  const asc = groupByCity(guides, { by: 'city', ascending: true });
  const desc = groupByCity(guides, { by: 'city', ascending: false });
  it.each([
    ['a', 0],
    ['c', 1],
    ['e', 2],
    ['p', 3],
    ['s', 4],
    ['b', 1],
    ['q', 4],
    ['z', -1],
  ])('ascending list: %s → %i', (letter, index) =>
    expect(alphabetJumpIndex(asc, letter)).toBe(index),
  );
  it.each([
    ['s', 0],
    ['p', 1],
    ['b', 4],
    ['z', 0],
  ])('descending list: %s → %i', (letter, index) =>
    expect(alphabetJumpIndex(desc, letter)).toBe(index),
  );
  it('knows which letters have cities', () => {
    expect([...lettersWithCities(asc)].sort()).toEqual(['a', 'c', 'e', 'p', 's']);
  });
});

describe('guide search options (SPEC §9)', () => {
  it('are exactly the SPEC parameters', () => {
    expect(guideSearchOptions).toMatchObject({
      minMatchCharLength: 3,
      threshold: 0.3,
      distance: 60,
    });
    expect(guideSearchOptions.keys).toEqual([
      { name: 'title', weight: 3 },
      { name: 'city.name', weight: 2 },
      { name: 'description', weight: 0.5 },
    ]);
    expect(GUIDE_SEARCH_LIMIT).toBe(30);
  });
});

describe('titles', () => {
  it.each([
    ['portland', 'Portland'],
    ['Portland', 'Portland'],
    ['san-antonio', 'San-antonio'],
  ])('city %s → %s', (city, title) => expect(cityTitle(city)).toBe(title));
  it('upper-cases state and search titles', () => expect(upperTitle('oregon')).toBe('OREGON'));
});

describe('searchText', () => {
  it.each([
    ['<p>One.</p><p>Two &amp; three.</p>', 'One. Two & three.'],
    ['<em>A</em>&#233;', 'A é'],
    ['plain', 'plain'],
    ['&bogus;', '&bogus;'],
  ])('%s → %s', (html, text) => expect(searchText(html)).toBe(text));

  it('keeps a numeric entity outside Unicode as it is', () => {
    expect(searchText('a&#99999999;b')).toBe('a&#99999999;b');
    expect(searchText('&#0;')).toBe('&#0;');
  });
});

describe('guideSearchDoc', () => {
  it('indexes title, city name and the description as text', () => {
    expect(
      guideSearchDoc({ title: 'T', city: { name: 'Portland' }, description: '<p>A &amp; B</p>' }),
    ).toEqual({ title: 'T', city: { name: 'Portland' }, description: 'A & B' });
  });
});

describe('mergeSearchHits', () => {
  const h = (refIndex: number, score: number) => ({ refIndex, score });
  it.each([
    ['no parts', [], 30, []],
    ['one part stays in order', [[h(0, 0.1), h(3, 0.2)]], 30, [h(0, 0.1), h(3, 0.2)]],
    [
      'best score first across parts',
      [[h(1, 0.3)], [h(7, 0.05), h(9, 0.4)]],
      30,
      [h(7, 0.05), h(1, 0.3), h(9, 0.4)],
    ],
    ['ties in list order', [[h(4, 0.2)], [h(2, 0.2)]], 30, [h(2, 0.2), h(4, 0.2)]],
    ['at most limit', [[h(0, 0.1), h(1, 0.2)], [h(5, 0.15)]], 2, [h(0, 0.1), h(5, 0.15)]],
  ] as const)('%s', (_, parts, limit, want) => {
    expect(mergeSearchHits(parts, limit)).toEqual(want);
  });
});
