import { describe, expect, it } from 'vitest';
import {
  catalogueOrder,
  clusterBbox,
  clusterCountText,
  clusterLabel,
  clustersPath,
  clusterZoomIn,
  groupPages,
  keepsApiAnswer,
  mergeNearClusters,
  nextCursorFromLink,
  OPENING_CLUSTERS_BOX,
  openingMarkers,
  SERVER_SEARCH_MIN,
  totalFromHeader,
  toursPagePath,
  WORLD_MAP_ZOOM,
  worldPixel,
} from '../../src/index.js';

const g = (title: string, id: number, name: string, state: string) => ({
  title,
  city: { id, name, state },
});

describe('catalogueOrder', () => {
  it.each([
    [{ by: 'state', ascending: true }, 'state'],
    [{ by: 'state', ascending: false }, 'state-desc'],
    [{ by: 'city', ascending: true }, 'city'],
    [{ by: 'city', ascending: false }, 'city-desc'],
  ] as const)('%o → %s', (sort, order) => expect(catalogueOrder(sort)).toBe(order));
});

describe('nextCursorFromLink', () => {
  it.each([
    ['</api/v1/tours/page?after=abc123>; rel="next"', 'abc123'],
    ['</api/v1/tours/page?order=state&after=a%2Bb>; rel=next', 'a+b'],
    ['</x?after=p>; rel="prev", </x?after=n>; rel="next"', 'n'],
    ['</api/v1/tours/page>; rel="next"', null],
    ['</api/v1/tours/page?after=abc>; rel="prev"', null],
    ['', null],
    [null, null],
  ])('%s → %s', (link, cursor) => expect(nextCursorFromLink(link)).toBe(cursor));
});

describe('totalFromHeader', () => {
  it.each([
    ['100000', 100000],
    [' 2001 ', 2001],
    ['0', 0],
    ['-1', null],
    ['12.5', null],
    ['many', null],
    [null, null],
  ])('%s → %s', (v, n) => expect(totalFromHeader(v)).toBe(n));
});

describe('toursPagePath', () => {
  it('asks the order of the sort, with the cursor, letter and place when given', () => {
    expect(toursPagePath({ sort: { by: 'state', ascending: true } })).toBe(
      'tours/page?order=state',
    );
    expect(
      toursPagePath({
        sort: { by: 'city', ascending: false },
        after: 'c/1+',
        from: 'm',
        limit: 200,
      }),
    ).toBe('tours/page?after=c%2F1%2B&limit=200&order=city-desc&from=m');
    expect(
      toursPagePath({ sort: { by: 'city', ascending: true }, state: 'New York', cityId: 7 }),
    ).toBe('tours/page?order=city&state=New+York&city_id=7');
  });
});

describe('groupPages', () => {
  const pages = [
    g('A', 1, 'Astoria', 'Oregon'),
    g('B', 1, 'Astoria', 'Oregon'),
    g('C', 2, 'Bend', 'Oregon'),
    g('D', 3, 'Austin', 'Texas'),
  ];
  it('groups consecutive guides of a city in the order they came', () => {
    const groups = groupPages(pages, true);
    expect(groups.map((x) => [x.city, x.state, x.guides.length])).toEqual([
      ['Astoria', 'Oregon', 2],
      ['Bend', 'Oregon', 1],
      ['Austin', 'Texas', 1],
    ]);
    expect(groups[0]!.key).toBe('city-1');
  });
  it('holds back the last city while more pages follow (its count may be short)', () => {
    expect(groupPages(pages, false).map((x) => x.city)).toEqual(['Astoria', 'Bend']);
    expect(groupPages([], false)).toEqual([]);
  });
});

describe('clusterBbox', () => {
  it('widens the view to whole cells of its zoom, so small moves ask the same box', () => {
    // Zoom 4: cells of 360 / 2^6 = 5.625 degrees.
    const a = clusterBbox({ west: -123.1, south: 44.2, east: -110.3, north: 49.9 }, 4);
    const b = clusterBbox({ west: -122.9, south: 44.9, east: -110.9, north: 49.1 }, 4);
    expect(a).toEqual({ west: -123.75, south: 39.375, east: -106.875, north: 50.625 });
    expect(b).toEqual(a);
  });
  it('stays inside one world', () => {
    expect(clusterBbox({ west: -400, south: -89, east: 400, north: 89 }, 1)).toEqual({
      west: -180,
      south: -85.0511,
      east: 180,
      north: 85.0511,
    });
    expect(clusterBbox({ west: 170, south: 0, east: 190, north: 10 }, 3).east).toBe(180);
  });
});

describe('clustersPath', () => {
  it('names the box west,south,east,north and a whole zoom', () => {
    expect(clustersPath({ west: -123.75, south: 39.375, east: -106.875, north: 50.625 }, 4.4)).toBe(
      'guide-summary/clusters?bbox=-123.75,39.375,-106.875,50.625&zoom=4',
    );
  });
});

describe('cluster helpers', () => {
  it('zooms two levels in, not past the last', () => {
    expect(clusterZoomIn(3)).toBe(5);
    expect(clusterZoomIn(17.6)).toBe(18);
  });
  it('names a cluster by its count', () => {
    expect(clusterLabel(1)).toBe('1 guide here');
    expect(clusterLabel(12345)).toBe('12,345 guides in this area');
  });
  it('searches on the server from the SPEC §9 minimum match length', () => {
    expect(SERVER_SEARCH_MIN).toBe(3);
  });
});

describe('keepsApiAnswer', () => {
  it.each([
    ['/api/v1/tours', true],
    ['/api/v1/tours/page', true],
    ['/api/v1/tours/letters', true],
    ['/api/v1/guide-summary/clusters', true],
    ['/api/v1/tours/search', false],
  ])('%s → %s', (path, keep) => expect(keepsApiAnswer(path)).toBe(keep));
});

describe('mergeNearClusters', () => {
  const at = (x: number, y: number, count: number, token?: string) => ({
    x,
    y,
    lat: y,
    lng: x,
    count,
    token,
  });
  it('draws clusters closer than the distance as one, at their weighted middle', () => {
    const merged = mergeNearClusters([at(0, 0, 1, 'a'), at(30, 0, 3), at(200, 0, 1, 'b')], 44);
    expect(merged).toEqual([
      { x: 30, y: 0, lat: 0, lng: 22.5, count: 4, token: undefined },
      { x: 200, y: 0, lat: 0, lng: 200, count: 1, token: 'b' },
    ]);
    expect(merged.reduce((n, c) => n + c.count, 0)).toBe(5);
  });
  it('keeps clusters far enough apart as they are', () => {
    expect(mergeNearClusters([at(0, 0, 2), at(50, 0, 2)], 44)).toHaveLength(2);
    expect(mergeNearClusters([], 44)).toEqual([]);
  });
});

describe('the world map opening (a large catalogue)', () => {
  it.each([
    [0, 0, 0, 128, 128],
    [0, 180, 0, 256, 128],
    [0, -180, 1, 0, 256],
    [85.0511287798, 0, 0, 128, 0],
    [89, 0, 0, 128, 0],
  ])('worldPixel(%f, %f) at zoom %i is (%f, %f)', (lat, lng, zoom, x, y) => {
    const p = worldPixel(lat, lng, zoom);
    expect(p.x).toBeCloseTo(x, 6);
    expect(p.y).toBeCloseTo(y, 6);
  });

  it('asks the whole world, whatever the screen', () =>
    expect(clustersPath(OPENING_CLUSTERS_BOX, WORLD_MAP_ZOOM)).toBe(
      'guide-summary/clusters?bbox=-180,-85.0511,180,85.0511&zoom=1',
    ));

  it('places each marker from the map middle, merging those the map merges', () => {
    const markers = openingMarkers(
      [
        { lat: 25, lng: -30, count: 7 },
        // 10° of longitude at zoom 1 is 14 px: within a disc's width of the first.
        { lat: 25, lng: -20, count: 3 },
        { lat: 51.5, lng: -0.1, count: 1, token: 'london-walk' },
        { lat: -33.9, lng: 151.2, count: 12000 },
      ],
      1,
    );
    expect(markers).toEqual([
      { x: 258, y: 88, count: 12000, token: null },
      { x: 4, y: 0, count: 10, token: null },
      { x: 43, y: -49, count: 1, token: 'london-walk' },
    ]);
  });

  it('is nothing with no guides', () => expect(openingMarkers([], 1)).toEqual([]));

  it.each([
    [1, '1'],
    [9999, '9999'],
    [10000, '10k'],
    [123456, '123k'],
  ])('a disc of %i says %s', (n, text) => expect(clusterCountText(n)).toBe(text));
});
