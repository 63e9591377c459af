import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../src/util/geo.js';
import { draftProblems, emptyDraft, problemsAt } from '../../src/studio/draft.js';
import {
  addImage,
  alignedAlts,
  COORDINATES_HINT,
  moveImage,
  moveItem,
  newStop,
  parseCoordinates,
  pointEast,
  removeImage,
  replaceImage,
  setImageAlt,
  stopRadii,
  uniqueToken,
  withAutoplayRadius,
  withLeaveEdge,
  type DraftStop,
  tokenNamespaces,
} from '../../src/studio/studio-stops.js';

const draft = () =>
  emptyDraft({ token: 'walk', title: 'A walk', city: { name: 'Portland', state: 'Oregon' } });
const stop = (over: Partial<DraftStop> = {}): DraftStop => ({
  token: 's1',
  lat: 45.5,
  lng: -122.6,
  content: { en: { title: 'One' } },
  ...over,
});

describe('parseCoordinates', () => {
  it.each([
    ['45.52, -122.67', 45.52, -122.67],
    ['45.52,-122.67', 45.52, -122.67],
    ['  45.52   -122.67 ', 45.52, -122.67],
    ['45.52; -122.67', 45.52, -122.67],
    ['+45.52 +122.67', 45.52, 122.67],
    ['45.52° N, 122.67° W', 45.52, -122.67],
    ['45.52N 122.67W', 45.52, -122.67],
    ['N 45.52 W 122.67', 45.52, -122.67],
    ['33.86 S, 151.21 E', -33.86, 151.21],
    ['122.67 W, 45.52 N', 45.52, -122.67],
    ['45.123456789, -122.987654321', 45.123457, -122.987654],
    ['-90, 180', -90, 180],
    ['0 0', 0, 0],
  ])('reads %j', (text, lat, lng) => {
    expect(parseCoordinates(text)).toEqual({ ok: true, lat, lng });
  });

  it.each([
    ['', COORDINATES_HINT],
    ['Portland', COORDINATES_HINT],
    ['45.52', COORDINATES_HINT],
    ['45.52, -122.67, 3', COORDINATES_HINT],
    ['45.52 W, 122.67 W', COORDINATES_HINT],
    ['N45.52N, 1', COORDINATES_HINT],
    ['1e3, 4', COORDINATES_HINT],
    ['91, 0', 'The latitude must be between -90 and 90'],
    ['0, 180.5', 'The longitude must be between -180 and 180'],
  ])('refuses %j', (text, message) => {
    expect(parseCoordinates(text)).toEqual({ ok: false, message });
  });
});

describe('uniqueToken', () => {
  it.each([
    [[], 1, 'stop-1'],
    [['stop-1'], 1, 'stop-2'],
    [['stop-1', 'stop-3'], 1, 'stop-2'],
    [['stop-4'], 4, 'stop-5'],
    [[], 0, 'stop-1'],
  ])('with %j taken, from %i: %s', (used, from, expected) => {
    expect(uniqueToken('stop', used, from)).toBe(expected);
  });
});

describe('newStop', () => {
  it('is a valid stop in every language of the guide, with the next keypad code', () => {
    const d = draft();
    d.guide.languages = [
      { code: 'en', label: 'English' },
      { code: 'es', label: 'Español' },
    ];
    d.pois = [stop({ keypad_code: 101 }), stop({ token: 'walk-stop-2', keypad_code: 104 })];
    const s = newStop(d, { lat: 45.1234567, lng: -122.7654321 });
    expect(s).toEqual({
      token: 'walk-stop-3',
      lat: 45.123457,
      lng: -122.765432,
      keypad_code: 105,
      content: { en: { title: 'Stop 3' }, es: { title: 'Stop 3' } },
    });
    expect(problemsAt(draftProblems({ ...d, pois: [...d.pois, s] }), '$.pois[2]')).toEqual([]);
  });

  it.each([
    ['the first stop of a guide', [], 'walk-stop-1', 1],
    ['a stop after stops without codes', [stop()], 'walk-stop-2', 1],
    ['a token already taken', [stop({ token: 'walk-stop-2', keypad_code: 7 })], 'walk-stop-3', 8],
  ])('%s', (_name, pois, token, code) => {
    const s = newStop({ ...draft(), pois }, { lat: 1, lng: 2 });
    expect([s.token, s.keypad_code]).toEqual([token, code]);
  });

  it('keeps a long guide token within the token length', () => {
    const d = draft();
    d.guide.token = 'g'.repeat(120);
    const s = newStop(d, { lat: 0, lng: 0 });
    expect(s.token).toBe(`${'g'.repeat(80)}-stop-1`);
    expect(problemsAt(draftProblems({ ...d, pois: [s] }), '$.pois')).toEqual([]);
  });

  it('writes English for a guide without languages', () => {
    expect(Object.keys(newStop(draft(), { lat: 0, lng: 0 }).content)).toEqual(['en']);
  });
});

describe('moveItem', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, -1, ['a', 'b', 'c']],
    [2, 9, ['a', 'b', 'c']],
    [1, 9, ['a', 'c', 'b']],
    [5, 0, ['a', 'b', 'c']],
  ])('%i → %i', (from, to, expected) => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, from, to)).toEqual(expected);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('stopRadii', () => {
  const guide = draft().guide;
  it.each<[string, Partial<DraftStop>, object | undefined, [number, number]]>([
    ['the defaults', {}, undefined, [50, 50]],
    ["the guide's", {}, { autoplay_radius: 30, attract_radius_leave_buffer: 20 }, [30, 20]],
    [
      "the stop's own over the guide's",
      { radii: { autoplay_radius: 12, attract_radius_leave_buffer: 8 } },
      { autoplay_radius: 30, attract_radius_leave_buffer: 20 },
      [12, 8],
    ],
    ['autoplay 0 turns it off', { radii: { autoplay_radius: 0 } }, undefined, [0, 50]],
    [
      'a leave buffer of 0 is unset',
      { radii: { attract_radius_leave_buffer: 0 } },
      undefined,
      [50, 50],
    ],
  ])('%s', (_name, over, guideRadii, [autoplay, leave]) => {
    const r = stopRadii(stop(over), { ...guide, ...(guideRadii ? { radii: guideRadii } : {}) });
    expect([r.autoplay, r.leaveBuffer]).toEqual([autoplay, leave]);
  });

  it('says which radii are the stop’s own', () => {
    const r = stopRadii(stop({ radii: { autoplay_radius: 20 } }), guide);
    expect(r.own).toEqual({ autoplay: true, leaveBuffer: false });
  });
});

describe('resizing by handle', () => {
  const guide = draft().guide;
  it.each([
    [37.4, 37],
    [0.2, 1],
    [250_000, 100_000],
  ])('the autoplay edge dragged to %f m gives %i m', (distance, expected) => {
    expect(withAutoplayRadius(stop(), distance).radii?.autoplay_radius).toBe(expected);
  });

  it.each([
    [30, 80, 50],
    [30, 31, 1],
    [30, 10, 1],
  ])('autoplay %i, the leave edge dragged to %i m: a buffer of %i m', (autoplay, edge, buffer) => {
    const s = withLeaveEdge(stop({ radii: { autoplay_radius: autoplay } }), guide, edge);
    expect(s.radii).toEqual({ autoplay_radius: autoplay, attract_radius_leave_buffer: buffer });
  });

  it('keeps the other radii of the stop', () => {
    const s = withAutoplayRadius(stop({ radii: { badge_radius: 9 } }), 40);
    expect(s.radii).toEqual({ badge_radius: 9, autoplay_radius: 40 });
    expect(draftProblems({ ...draft(), pois: [s] })).toEqual([]);
  });

  it.each([0, 45, 70])('puts the handle the radius east of the centre at %i°', (lat) => {
    const p = pointEast({ lat, lng: 10 }, 120);
    expect(p.lat).toBe(lat);
    expect(distanceKm({ lat, lng: 10 }, p) * 1000).toBeCloseTo(120, 0);
  });
});

describe('stop images and their alt texts', () => {
  const two = stop({ images: ['media/a.jpg', 'media/b.jpg'], image_alts: ['A', 'B'] });
  it.each<[string, (s: DraftStop) => DraftStop, string[], string[] | undefined]>([
    ['moved', (s) => moveImage(s, 0, 1), ['media/b.jpg', 'media/a.jpg'], ['B', 'A']],
    ['removed', (s) => removeImage(s, 0), ['media/b.jpg'], ['B']],
    [
      'added',
      (s) => addImage(s, 'media/c.jpg'),
      ['media/a.jpg', 'media/b.jpg', 'media/c.jpg'],
      ['A', 'B', ''],
    ],
    [
      'replaced',
      (s) => replaceImage(s, 1, 'media/c.jpg'),
      ['media/a.jpg', 'media/c.jpg'],
      ['A', 'B'],
    ],
    ['described', (s) => setImageAlt(s, 1, 'Bee'), ['media/a.jpg', 'media/b.jpg'], ['A', 'Bee']],
    [
      'all alt texts cleared',
      (s) => setImageAlt(setImageAlt(s, 0, ''), 1, ''),
      ['media/a.jpg', 'media/b.jpg'],
      undefined,
    ],
  ])('%s', (_name, edit, images, alts) => {
    const s = edit(two);
    expect(s.images).toEqual(images);
    expect(s.image_alts).toEqual(alts);
    expect(draftProblems({ ...draft(), pois: [s] })).toEqual([]);
  });

  it('pads and trims alt texts to the images', () => {
    expect(
      alignedAlts(stop({ images: ['media/a.jpg', 'media/b.jpg'], image_alts: ['A'] })),
    ).toEqual(['A', '']);
    expect(alignedAlts(stop({ images: ['media/a.jpg'], image_alts: ['A', 'B'] }))).toEqual(['A']);
  });
});

describe('tokenNamespaces', () => {
  it.each([
    ['riverfront-walk-stop-3', ['riverfront', 'riverfront-walk', 'riverfront-walk-stop']],
    ['rsw-01', ['rsw']],
    ['plain', []],
    ['a--b', ['a', 'a-']],
    ['-lead', []],
    ['trail-', ['trail']],
    ['x&y_z-1', ['x&y_z']],
  ])('%s → %j', (token, namespaces) => expect(tokenNamespaces(token)).toEqual(namespaces));
});
