import { describe, expect, it } from 'vitest';
import {
  centroid,
  distanceKm,
  effectiveBadgeRadius,
  formatKm,
  effectiveNotificationRadius,
  mapTypeFor,
  simplifyPoints,
  splitRingAtAntimeridian,
  worldMapCentre,
  type ScreenPoint,
  type Position,
} from '../../src/index.js';

describe('distanceKm (Earth radius 6371 km)', () => {
  it.each([
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 0 }, 0],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 111.195],
    [{ lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.195],
    [{ lat: 40, lng: -100 }, { lat: 40, lng: -99.9 }, 8.518],
    [{ lat: 51.5007, lng: -0.1246 }, { lat: 40.6892, lng: -74.0445 }, 5574.84],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 20015.09],
  ])('%o → %o is %f km', (a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, 1);
  });
});

describe('centroid', () => {
  it('is the mean of the points, or null for none', () => {
    expect(centroid([])).toBeNull();
    expect(
      centroid([
        { lat: 1, lng: 2 },
        { lat: 3, lng: 6 },
      ]),
    ).toEqual([2, 4]);
  });
});

describe('map type mapping (SPEC §3)', () => {
  it.each([
    ['default', 'roadmap'],
    ['standard', 'roadmap'],
    ['roadmap', 'roadmap'],
    ['hybrid', 'hybrid'],
    ['satellite', 'satellite'],
    ['terrain', 'terrain'],
    ['moon', 'roadmap'],
    [undefined, 'roadmap'],
    [null, 'roadmap'],
  ])('%s → %s', (input, out) => {
    expect(mapTypeFor(input)).toBe(out);
  });
});

describe('radius rules (SPEC §5)', () => {
  it.each([
    [0, 50],
    [0.5, 50],
    [-3, 50],
    [null, 50],
    [1, 1],
    [30, 30],
  ])('badge radius %s reads as %s', (r, out) => {
    expect(effectiveBadgeRadius(r)).toBe(out);
  });
  it.each([
    [0, 75],
    [0.9, 75],
    [undefined, undefined],
    [null, null],
    [1, 1],
    [120, 120],
  ])('notification radius %s reads as %s', (r, out) => {
    expect(effectiveNotificationRadius(r)).toBe(out);
  });
});

describe('splitRingAtAntimeridian', () => {
  const lngRange = (ring: number[][]) => [
    Math.min(...ring.map((p) => p[0]!)),
    Math.max(...ring.map((p) => p[0]!)),
  ];
  it('keeps a ring that does not cross', () => {
    const ring: Position[] = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(splitRingAtAntimeridian(ring)).toEqual([ring]);
  });
  it('splits a ring across 180° into one piece on each side', () => {
    const ring: Position[] = [
      [170, 60],
      [-170, 60],
      [-170, 70],
      [170, 70],
      [170, 60],
    ];
    const pieces = splitRingAtAntimeridian(ring);
    expect(pieces).toHaveLength(2);
    expect(pieces.map(lngRange)).toEqual([
      [170, 180],
      [-180, -170],
    ]);
    for (const p of pieces) expect(p[0]).toEqual(p[p.length - 1]);
  });
  it('keeps a ring that circles a pole (closing along ±180) whole', () => {
    const ring: Position[] = [
      [-180, -80],
      [0, -70],
      [180, -80],
      [180, -90],
      [-180, -90],
      [-180, -80],
    ];
    expect(splitRingAtAntimeridian(ring)).toEqual([ring]);
  });
  it('interpolates the latitude where an edge meets the antimeridian', () => {
    const pieces = splitRingAtAntimeridian([
      [170, 0],
      [-170, 20],
      [-170, 30],
      [170, 30],
      [170, 0],
    ]);
    expect(pieces[0]).toContainEqual([180, 10]);
  });
});

describe('formatKm', () => {
  it.each([
    [0.3, '0.3 km'],
    [9.94, '9.9 km'],
    [12.6, '13 km'],
  ])('%f → %s', (km, want) => expect(formatKm(km)).toBe(want));
});

describe('worldMapCentre', () => {
  it.each([
    [{}, { lat: 25, lng: -30 }],
    [{ a: { lat: 10, lng: 20 } }, { lat: 10, lng: 20 }],
    [
      { a: { lat: 40, lng: -120 }, b: { lat: 30, lng: -80 } },
      { lat: 35, lng: -100 },
    ],
  ])('of %o is %o', (table, centre) => expect(worldMapCentre(table)).toEqual(centre));
});

describe('simplifyPoints', () => {
  it.each<[string, ScreenPoint[], number, ScreenPoint[]]>([
    [
      'two points stay',
      [
        [0, 0],
        [5, 5],
      ],
      1,
      [
        [0, 0],
        [5, 5],
      ],
    ],
    [
      'a straight run keeps its ends',
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
        [9, 0],
      ],
      1,
      [
        [0, 0],
        [9, 0],
      ],
    ],
    [
      'a corner stays',
      [
        [0, 0],
        [5, 0],
        [10, 0],
        [10, 5],
        [10, 10],
      ],
      1,
      [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
    ],
    [
      'a bump within the tolerance goes',
      [
        [0, 0],
        [5, 0.8],
        [10, 0],
      ],
      1,
      [
        [0, 0],
        [10, 0],
      ],
    ],
    [
      'a bump beyond it stays',
      [
        [0, 0],
        [5, 1.5],
        [10, 0],
      ],
      1,
      [
        [0, 0],
        [5, 1.5],
        [10, 0],
      ],
    ],
    [
      'points close to the last kept go first',
      [
        [0, 0],
        [0.5, 0.6],
        [0.6, 0],
        [10, 0],
      ],
      1,
      [
        [0, 0],
        [10, 0],
      ],
    ],
    [
      'a closed ring keeps its shape',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      1,
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
    ],
  ])('%s', (_, points, tolerance, kept) => expect(simplifyPoints(points, tolerance)).toEqual(kept));

  it('leaves no left-out point further than the tolerance from the line it keeps', () => {
    const wave: ScreenPoint[] = Array.from({ length: 400 }, (_, i) => [
      i / 4,
      3 * Math.sin(i / 20),
    ]);
    const kept = simplifyPoints(wave, 0.5);
    expect(kept.length).toBeLessThan(wave.length / 4);
    for (const p of wave) {
      const i = kept.findIndex((k) => k[0] >= p[0]);
      const [a, b] = i <= 0 ? [kept[0]!, kept[0]!] : [kept[i - 1]!, kept[i]!];
      const t = b[0] === a[0] ? 0 : (p[0] - a[0]) / (b[0] - a[0]);
      expect(Math.abs(a[1] + t * (b[1] - a[1]) - p[1])).toBeLessThanOrEqual(0.75);
    }
  });
});
