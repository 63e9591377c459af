import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  GEOLOCATE_LABEL,
  geolocateReducer,
  geolocateWatching,
  huntChallengeCount,
  inkOn,
  mapControlTop,
  mappedPois,
  markerLabel,
  noLayersSelected,
  type GeolocateEvent,
  type GeolocateState,
} from '../../src/index.js';

describe('mapControlTop (SPEC §9: 40 px plus 10 px per step)', () => {
  it.each([
    [0, 44, 40],
    [1, 44, 94],
    [2, 44, 148],
    [3, 40, 190],
    [1, 0, 50],
    [4, 0, 80],
  ])('step %i of %i px controls → %i px', (step, size, top) =>
    expect(mapControlTop(step, size)).toBe(top),
  );
});

describe('geolocateReducer (SPEC §4 geolocate control)', () => {
  const t = (type: GeolocateEvent['type']) => ({ type }) as GeolocateEvent;
  it.each<[GeolocateState, GeolocateEvent['type'], GeolocateState]>([
    ['DISABLED', 'toggle', 'LOADING'],
    ['LOADING', 'toggle', 'DISABLED'],
    ['ENABLED', 'toggle', 'DISABLED'],
    ['UNAVAILABLE', 'toggle', 'LOADING'],
    ['LOADING', 'position', 'ENABLED'],
    ['ENABLED', 'position', 'ENABLED'],
    ['DISABLED', 'position', 'DISABLED'],
    ['UNAVAILABLE', 'position', 'UNAVAILABLE'],
    ['DISABLED', 'denied', 'UNAVAILABLE'],
    ['LOADING', 'denied', 'UNAVAILABLE'],
    ['ENABLED', 'denied', 'UNAVAILABLE'],
    ['UNAVAILABLE', 'denied', 'UNAVAILABLE'],
    ['LOADING', 'failed', 'LOADING'],
    ['ENABLED', 'failed', 'ENABLED'],
    ['DISABLED', 'failed', 'DISABLED'],
    ['UNAVAILABLE', 'failed', 'UNAVAILABLE'],
    ['UNAVAILABLE', 'granted', 'DISABLED'],
    ['DISABLED', 'granted', 'DISABLED'],
    ['LOADING', 'granted', 'LOADING'],
    ['ENABLED', 'granted', 'ENABLED'],
  ])('%s + %s → %s', (from, event, to) => expect(geolocateReducer(from, t(event))).toBe(to));

  it.each<[GeolocateState, boolean]>([
    ['DISABLED', false],
    ['LOADING', true],
    ['ENABLED', true],
    ['UNAVAILABLE', false],
  ])('%s watches the position: %s', (state, watching) =>
    expect(geolocateWatching(state)).toBe(watching),
  );

  it('names the control differently in every state', () =>
    expect(new Set(Object.values(GEOLOCATE_LABEL)).size).toBe(4));
});

describe('layers, markers and control counts', () => {
  it.each([
    [3, 0, true],
    [3, 1, false],
    [0, 0, false],
  ])('%i layers, %i selected → warning %s', (layers, selected, warn) =>
    expect(noLayersSelected(layers, selected)).toBe(warn),
  );

  it('maps no hide_map POI', () => {
    const pois = [
      { token: 'a', hide_map: false },
      { token: 'b', hide_map: true },
      { token: 'c', hide_map: false },
    ];
    expect(mappedPois(pois).map((p) => p.token)).toEqual(['a', 'c']);
  });

  it('counts the challenges of every hunt and the badges', () => {
    expect(huntChallengeCount([{ challenges: [1, 2] }, { challenges: [3] }])).toBe(3);
    expect(huntChallengeCount([])).toBe(0);
    expect(badgeCount([{ id: 1 }, { id: 2 }])).toBe(2);
  });

  it.each([
    [{ title: 'Tidewater Gate', keypad_code: 101 }, 'Stop 101: Tidewater Gate'],
    [{ title: 'Tidewater Gate', keypad_code: null }, 'Tidewater Gate'],
  ])('names a marker %j', (poi, label) => expect(markerLabel(poi)).toBe(label));
});

describe('inkOn', () => {
  it.each([
    ['#22ee22', '#111111'],
    ['#ffffff', '#111111'],
    ['#f5b544', '#111111'],
    ['#c2410c', '#ffffff'],
    ['#1d4ed8', '#ffffff'],
    ['#7e22ce', '#ffffff'],
    ['#000000', '#ffffff'],
    ['not a colour', '#ffffff'],
  ])('%s → %s', (bg, ink) => expect(inkOn(bg)).toBe(ink));
});
