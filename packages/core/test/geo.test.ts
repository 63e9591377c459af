import { describe, expect, it } from 'vitest';
import {
  centroid,
  distanceKm,
  effectiveBadgeRadius,
  formatKm,
  effectiveNotificationRadius,
  mapTypeFor,
  splitRingAtAntimeridian,
  type Position,
} from '../src/index.js';

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
