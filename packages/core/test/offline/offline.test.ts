import { describe, expect, it } from 'vitest';
import {
  canEnterPreloaded,
  formatBytes,
  guideBounds,
  hostGivenUp,
  offlineTileMargin,
  progressLabel,
  tileAt,
  tilesFor,
  denseTiles,
  offlineLayerTiles,
  type Bounds,
  tileUrl,
  tourApiPaths,
  tourHuntsPath,
  huntApiPaths,
  tourCacheName,
  tourCacheToken,
  tourMediaUrls,
  worthKeeping,
  type GuideDetail,
  type Poi,
} from '../../src/index.js';

const poi = (over: Partial<Poi>): Poi =>
  ({
    id: 1,
    token: 'p1',
    lat: 45.5,
    lng: -122.67,
    audio_url: null,
    audio2: null,
    image_urls: [],
    challenge: null,
    translations: {},
    ...over,
  }) as Poi;

const guide = (over: Partial<GuideDetail>): GuideDetail =>
  ({
    token: 'river walk',
    splash_url: null,
    images: [],
    tour_images: [],
    audio: null,
    pois: [],
    route: [],
    badges: [],
    ...over,
  }) as GuideDetail;

describe('tour cache names (SPEC §7: tour-{token}-1)', () => {
  it.each([
    ['riverfront', 'tour-riverfront-1'],
    ['a-b_c', 'tour-a-b_c-1'],
  ])('%s ↔ %s', (token, name) => {
    expect(tourCacheName(token)).toBe(name);
    expect(tourCacheToken(name)).toBe(token);
  });
  it.each(['workbox-precache-v2-http://x/', 'tour-riverfront-2', 'earshot-api', 'tour--1'])(
    '%s is no tour cache',
    (name) => expect(tourCacheToken(name)).toBeNull(),
  );
});

describe('tourMediaUrls', () => {
  it('lists every POI audio (every language) and image, the guide images and splash, and badge pictures, each once', () => {
    const g = guide({
      splash_url: '/s.jpg',
      images: ['/g1.jpg', '/s.jpg'],
      tour_images: ['/g1.jpg'],
      pois: [
        poi({
          audio_url: '/a-en.mp3',
          image_urls: ['/p1.jpg', '/p2.jpg'],
          translations: {
            en: { audio_url: '/a-en.mp3', audio2: null } as Poi['translations'][string],
            es: { audio_url: '/a-es.mp3', audio2: '/b-es.mp3' } as Poi['translations'][string],
          },
        }),
        poi({ id: 2, token: 'p2', audio_url: null, image_urls: ['/p1.jpg'] }),
      ],
      badges: [
        {
          image: '/badge.png',
          levels: [{ image: '/l1.png' }, { image: null }],
        } as unknown as GuideDetail['badges'][number],
      ],
    });
    expect(tourMediaUrls(g).sort()).toEqual(
      [
        '/s.jpg',
        '/g1.jpg',
        '/a-en.mp3',
        '/a-es.mp3',
        '/b-es.mp3',
        '/p1.jpg',
        '/p2.jpg',
        '/badge.png',
        '/l1.png',
      ].sort(),
    );
  });
  it('is empty for a guide without media', () => expect(tourMediaUrls(guide({}))).toEqual([]));
});

describe('tourApiPaths', () => {
  it('asks for the guide, its theme, its hunts, the challenges of stops that have one and its sign links', () => {
    const g = guide({ pois: [poi({ id: 7, challenge: 3 }), poi({ id: 8 })] });
    expect(tourApiPaths(g)).toEqual([
      'tour-by-token/river%20walk',
      'guides/river%20walk/theme',
      'scavenger_hunts?guide__token=river%20walk',
      'challenges?poi=7',
      'guides/river%20walk/signs',
    ]);
  });
  it("asks a preview's within it (its token as preview=; it has no signs): its rows answer nothing else", () => {
    const t = 'P'.repeat(43);
    const g = guide({ token: t, pois: [poi({ id: 7, challenge: 3 })] });
    expect(tourApiPaths(g)).toEqual([
      `tour-by-token/${t}?preview=${t}`,
      `guides/${t}/theme?preview=${t}`,
      `scavenger_hunts?guide__token=${t}&preview=${t}`,
      `challenges?poi=7&preview=${t}`,
    ]);
    expect(tourHuntsPath(t)).toBe(`scavenger_hunts?guide__token=${t}&preview=${t}`);
    expect(tourHuntsPath('river-walk')).toBe('scavenger_hunts?guide__token=river-walk');
  });
});

describe('huntApiPaths', () => {
  it.each([
    [[], []],
    [[{ id: 4, challenges: [] }], ['scavenger_hunts/4/', 'challenges?scavenger_hunt=4']],
    [
      [{ id: 4, challenges: [9, 11] }],
      [
        'scavenger_hunts/4/',
        'challenges?scavenger_hunt=4',
        'challenges/9/',
        'multiple_choice_options?challenge=9',
        'challenges/11/',
        'multiple_choice_options?challenge=11',
      ],
    ],
  ])('%j → the hunt, its list, each challenge and its options', (hunts, paths) =>
    expect(huntApiPaths(hunts)).toEqual(paths),
  );
  it('asks them within a preview when given its token', () =>
    expect(huntApiPaths([{ id: 4, challenges: [9] }], 'tkn')).toEqual([
      'scavenger_hunts/4/?preview=tkn',
      'challenges?scavenger_hunt=4&preview=tkn',
      'challenges/9/?preview=tkn',
      'multiple_choice_options?challenge=9&preview=tkn',
    ]));
});

describe('guideBounds', () => {
  it('is null without stops or route', () => expect(guideBounds(guide({}))).toBeNull());
  it('covers the stops and the route (lng, lat) plus the margin', () => {
    const b = guideBounds(
      guide({ pois: [poi({ lat: 45.5, lng: -122.67 })], route: [[-122.66, 45.51]] }),
      0,
    )!;
    expect(b).toEqual({ south: 45.5, north: 45.51, west: -122.67, east: -122.66 });
    const m = guideBounds(guide({ pois: [poi({ lat: 0, lng: 0 })] }), 111_320)!;
    expect(m.north).toBeCloseTo(1, 6);
    expect(m.east).toBeCloseTo(1, 6);
  });
});

describe('tileAt (Web Mercator XYZ)', () => {
  it.each([
    [0, 0, 0, { x: 0, y: 0 }],
    [0, 0, 1, { x: 1, y: 1 }],
    [85, -180, 2, { x: 0, y: 0 }],
    [-85, 179.9, 2, { x: 3, y: 3 }],
    // Portland, Oregon at zoom 15, as tile servers number it.
    [45.5152, -122.6784, 15, { x: 5217, y: 11720 }],
  ])('(%f, %f) at z%i', (lat, lng, z, want) => expect(tileAt(lat, lng, z)).toEqual(want));
});

describe('tilesFor', () => {
  const b = { south: 45.505, north: 45.525, west: -122.69, east: -122.66 };
  it('covers the box at each zoom, lowest first', () => {
    const tiles = tilesFor(b, [13, 14]);
    expect(tiles[0]!.z).toBe(13);
    for (const z of [13, 14]) {
      const nw = tileAt(b.north, b.west, z);
      const se = tileAt(b.south, b.east, z);
      expect(tiles.filter((t) => t.z === z)).toHaveLength((se.x - nw.x + 1) * (se.y - nw.y + 1));
    }
  });
  it('leaves out the zooms that would pass the bound, keeping the overview ones', () => {
    const all = tilesFor(b, [13, 14, 15, 16, 17], 10_000);
    const z16 = all.filter((t) => t.z <= 16).length;
    const capped = tilesFor(b, [13, 14, 15, 16, 17], z16);
    expect(capped).toHaveLength(z16);
    expect(Math.max(...capped.map((t) => t.z))).toBe(16);
    expect(tilesFor(b, [13], 0)).toEqual([]);
  });
});

describe('offlineTileMargin (wider as the tiles grow)', () => {
  it.each([
    [17, 400],
    [16, 1000],
    [15, 2000],
    [13, 8000],
  ])('z%i → %i m', (z, m) => expect(offlineTileMargin(z)).toBe(m));
  it('gives a few hundred tiles per layer for the flagship-sized walk', () => {
    const g = guide({
      pois: [poi({ lat: 45.5088, lng: -122.6752 }), poi({ lat: 45.5278, lng: -122.669 })],
    });
    const tiles = tilesFor((z) => guideBounds(g, offlineTileMargin(z))!);
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([13, 14, 15, 16, 17]));
    expect(tiles.length).toBeGreaterThan(150);
    expect(tiles.length).toBeLessThan(600);
  });
});

describe('tileUrl', () => {
  const tile = { z: 15, x: 5217, y: 11720 };
  it.each([
    ['https://t.example/{z}/{x}/{y}.png', false, 'https://t.example/15/5217/11720.png'],
    ['https://t.example/{z}/{y}/{x}', false, 'https://t.example/15/11720/5217'],
    // Leaflet picks the subdomain by (x + y) mod the count: 16937 % 3 = 2 → c.
    ['https://{s}.t.example/{z}/{x}/{y}.png', false, 'https://c.t.example/15/5217/11720.png'],
    // {r}: '@2x' on a dense screen (Leaflet's L.Browser.retina), nothing on another.
    ['https://t.example/{z}/{x}/{y}{r}.png', true, 'https://t.example/15/5217/11720@2x.png'],
    ['https://t.example/{z}/{x}/{y}{r}.png', false, 'https://t.example/15/5217/11720.png'],
    ['https://t.example/{z}/{x}/{y}.png', true, 'https://t.example/15/5217/11720.png'],
  ])('%s (dense %s)', (template, dense, want) =>
    expect(tileUrl(template, tile, { dense })).toBe(want),
  );
});

describe('denseTiles (decision 0014)', () => {
  const photo = 'https://t.example/photo/{z}/{y}/{x}';
  const streets = 'https://t.example/streets/{z}/{x}/{y}.png';
  it.each([
    [photo, true, 1, 'none'],
    [photo, true, 1.75, 'zoom'],
    [photo, true, 3, 'zoom'],
    [`${photo}{r}`, true, 2, 'host'],
    [streets, false, 2, 'none'],
    [streets.replace('.png', '{r}.png'), false, 2, 'host'],
    [streets.replace('.png', '{r}.png'), false, 1, 'none'],
  ] as const)('%s, imagery %s, ratio %s → %s', (url, imagery, ratio, want) =>
    expect(denseTiles({ url, imagery }, ratio)).toBe(want),
  );
});

describe('offlineLayerTiles (the URLs the map asks for on this screen)', () => {
  const area = (): Bounds => ({ south: 45.52, north: 45.53, west: -122.68, east: -122.67 });
  const zoomsOf = (urls: string[]) => [...new Set(urls.map((u) => Number(u.split('/')[3])))];
  const photo = { url: 'https://t.example/{z}/{x}/{y}.jpg', imagery: true };
  const labels = { url: 'https://t.example/{z}/{x}/{y}{r}.png', imagery: false };
  const streets = { url: 'https://t.example/{z}/{x}/{y}.png', imagery: false };
  it.each([
    ['imagery, ratio 1', photo, 1, [13, 14, 15], '.jpg'],
    ['imagery, ratio 2 (detectRetina: one zoom deeper)', photo, 2, [14, 15, 16], '.jpg'],
    ['{r} layer, ratio 2 (@2x, same zooms)', labels, 2, [13, 14, 15], '@2x.png'],
    ['{r} layer, ratio 1', labels, 1, [13, 14, 15], '.png'],
    ['text layer without {r}, ratio 2 (native tiles)', streets, 2, [13, 14, 15], '.png'],
  ] as const)('%s', (_, layer, ratio, zooms, end) => {
    const urls = offlineLayerTiles(layer, area, ratio, [13, 14, 15], 10_000);
    expect(zoomsOf(urls)).toEqual(zooms);
    expect(urls.every((u) => u.endsWith(end) && !u.includes('@2x@'))).toBe(true);
    // Exactly the tiles of the same area at those zooms.
    const tiles = tilesFor(area, zooms, 10_000);
    expect(urls).toEqual(tiles.map((t) => tileUrl(layer.url, t, { dense: ratio > 1 })));
  });
  it('takes the area of the map zoom for the next zoom tiles', () => {
    const seen: number[] = [];
    offlineLayerTiles(photo, (z) => (seen.push(z), area()), 2, [13, 14], 10_000);
    expect(seen).toEqual([13, 14]);
  });
  it('stays within the cap: a deeper zoom that does not fit is left out', () => {
    const one = tilesFor(area, [16], 10_000).length;
    const urls = offlineLayerTiles(photo, area, 2, [13, 14, 15], one);
    expect(urls.length).toBeLessThanOrEqual(one);
    expect(zoomsOf(urls)).not.toContain(16);
  });
});

describe('progressLabel (two decimals)', () => {
  it.each([
    [0, 3, '0.00%'],
    [1, 3, '33.33%'],
    [2, 3, '66.67%'],
    [3, 3, '100.00%'],
    [0, 0, '100.00%'],
  ])('%i of %i → %s', (done, total, want) => expect(progressLabel(done, total)).toBe(want));
});

describe('canEnterPreloaded (SPEC §4: assets cached and 5000 ms passed)', () => {
  it.each([
    [3, 3, 5000, true],
    [3, 3, 4999, false],
    [2, 3, 9000, false],
    [0, 0, 5000, true],
  ])('%i/%i after %i ms → %s', (settled, total, ms, want) =>
    expect(canEnterPreloaded(settled, total, ms)).toBe(want),
  );
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 KB'],
    [840_000, '840 KB'],
    [12_400_000, '12.4 MB'],
    [3_200_000_000, '3.2 GB'],
  ])('%i → %s', (n, want) => expect(formatBytes(n)).toBe(want));
});

describe('worthKeeping (SPEC §4: an update clears the static cache, never a guide)', () => {
  it.each([
    ['tour-riverfront-1', true],
    ['earshot-shell', true],
    ['earshot-api', true],
    ['workbox-precache-v2-http://127.0.0.1:3000/', true],
    ['tour-riverfront-0', false],
    ['earshot-static-v1', false],
    ['some-old-cache', false],
  ])('%s → %s', (name, keep) => expect(worthKeeping(name)).toBe(keep));
});

describe('hostGivenUp (an unreachable tile host does not hold the preload)', () => {
  it.each([
    [{ failed: 7, saved: 0 }, false],
    [{ failed: 8, saved: 0 }, true],
    [{ failed: 50, saved: 1 }, false],
    [{ failed: 0, saved: 0 }, false],
  ])('%j → %s', (host, want) => expect(hostGivenUp(host)).toBe(want));
});
