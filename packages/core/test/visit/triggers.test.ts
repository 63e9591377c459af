import { describe, expect, it } from 'vitest';
import {
  guideHasTriggerAt,
  guideTriggerReach,
  initialTriggerState,
  stepTriggers,
  triggerRadius,
  type LatLng,
  type Reading,
  type TriggerEvent,
  type TriggerKind,
  type TriggerPoi,
  type TriggerState,
} from '../../src/index.js';

const ORIGIN: LatLng = { lat: 51.5, lng: -0.12 };

/** The point `m` metres from `from` on a compass bearing (flat earth: fine at these scales). */
function offset(from: LatLng, bearing: number, m: number): LatLng {
  const b = (bearing * Math.PI) / 180;
  const cosLat = Math.cos((from.lat * Math.PI) / 180);
  return {
    lat: from.lat + (m * Math.cos(b)) / 111320,
    lng: from.lng + (m * Math.sin(b)) / (111320 * cosLat),
  };
}

/** mulberry32: seeded, so every noisy track is the same on every run. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** GPS-like wander: up to `m` metres in a random direction. */
const jitter = (rand: () => number, p: LatLng, m = 15) => offset(p, rand() * 360, rand() * m);

const poi = (token: string, p: LatLng, radii: Partial<TriggerPoi> = {}): TriggerPoi => ({
  token,
  lat: p.lat,
  lng: p.lng,
  autoplay_radius: 50,
  notification_radius: 75,
  badge_radius: 50,
  attract_radius: 0,
  attract_radius_leave_buffer: 50,
  ...radii,
});

const reading = (p: LatLng, accuracy = 10, at = 0): Reading => ({ ...p, accuracy, at });

/** Feeds the readings in order; returns every event, the per-reading events and the end state. */
function run(pois: TriggerPoi[], readings: Reading[], start: TriggerState = initialTriggerState) {
  let state = start;
  const steps: TriggerEvent[][] = [];
  for (const r of readings) {
    const out = stepTriggers(pois, state, r);
    state = out.state;
    steps.push(out.events);
  }
  return { state, steps, events: steps.flat() };
}

const of = (events: TriggerEvent[], kind: TriggerKind) =>
  events.filter((e) => e.kind === kind).map((e) => e.poi);

/** One reading a second, walking at 1.4 m/s along `path`, each jittered by ±`noise` m. */
function walk(path: LatLng[], seed: number, noise = 15, accuracy = 10): Reading[] {
  const rand = rng(seed);
  const out: Reading[] = [];
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1]!, path[i]!];
    const steps = Math.max(
      1,
      Math.round((Math.hypot(b.lat - a.lat, b.lng - a.lng) * 111320) / 1.4),
    );
    for (let s = 0; s < steps; s++) {
      const f = s / steps;
      const p = { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
      out.push(reading(jitter(rand, p, noise), accuracy, out.length * 1000));
    }
  }
  return out;
}

/** Standing at `p` for `n` seconds with ±15 m of wander. */
const stand = (p: LatLng, n: number, seed: number, accuracy = 10) => {
  const rand = rng(seed);
  return Array.from({ length: n }, (_, i) => reading(jitter(rand, p), accuracy, i * 1000));
};

describe('a noisy walk along a route', () => {
  it.each([
    [1, 3, 40, 75],
    [7, 4, 45, 80],
    [42, 5, 50, 80],
    [2024, 5, 40, 75],
  ])('seed %i, %i stops 150 m apart, autoplay %i m, notification %i m', (seed, n, ap, nr) => {
    const stops = Array.from({ length: n }, (_, i) =>
      poi(`s${i}`, offset(ORIGIN, 90, i * 150), { autoplay_radius: ap, notification_radius: nr }),
    );
    const path = [offset(ORIGIN, 270, 120), offset(ORIGIN, 90, (n - 1) * 150 + 120)];
    const { steps, events } = run(stops, walk(path, seed));
    const order = stops.map((s) => s.token);
    expect(of(events, 'autoplay')).toEqual(order);
    expect(of(events, 'notification')).toEqual(order);
    expect(of(events, 'badge')).toEqual(order);
    // Never two stops at once, and each plays within its radius (nothing between stops).
    expect(steps.every((s) => of(s, 'autoplay').length <= 1)).toBe(true);
    for (const e of events) if (e.kind === 'autoplay') expect(e.distance).toBeLessThanOrEqual(ap);
  });
});

describe('standing at a stop', () => {
  const stop = poi('a', ORIGIN, { attract_radius: 30 });

  it('for 5 minutes with ±15 m wander fires each trigger once', () => {
    const { events } = run([stop], stand(ORIGIN, 300, 3));
    expect(events.map((e) => e.kind)).toEqual(['autoplay', 'notification', 'badge', 'attract']);
  });

  it('right at the edge of the radius with ±15 m wander plays once', () => {
    const { events } = run([stop], stand(offset(ORIGIN, 0, 50), 300, 5));
    expect(of(events, 'autoplay')).toEqual(['a']);
  });

  it.each([
    ['a 300 m accuracy spike neither fires nor re-arms', 300, 1],
    ['a precise reading 250 m off re-arms it', 10, 2],
  ])('%s', (_, accuracy, plays) => {
    const before = run([stop], stand(ORIGIN, 30, 11));
    const spike = stepTriggers([stop], before.state, reading(offset(ORIGIN, 45, 250), accuracy));
    expect(spike.events).toEqual([]);
    if (accuracy === 300) expect(spike.state).toEqual(before.state);
    const after = run([stop], stand(ORIGIN, 30, 12), spike.state);
    expect(of([...before.events, ...after.events], 'autoplay')).toHaveLength(plays);
  });
});

describe('accuracy (a reading less precise than a radius decides nothing for it)', () => {
  it.each([
    [{ notification_radius: 50 }, 60, []],
    [{}, 60, ['notification']],
    [{}, 80, []],
    [{}, 50, ['autoplay', 'notification', 'badge']],
  ])('radii %o, accuracy %i m at the stop fires %o', (radii, accuracy, kinds) => {
    const stop = poi('a', ORIGIN, radii);
    const vague = stepTriggers([stop], initialTriggerState, reading(ORIGIN, accuracy));
    expect(vague.events.map((e) => e.kind)).toEqual(kinds);
    // What the vague reading skipped is still armed for the next precise one.
    const precise = stepTriggers([stop], vague.state, reading(ORIGIN, 5));
    const all = [...vague.events, ...precise.events].map((e) => e.kind);
    expect(new Set(all)).toEqual(new Set(['autoplay', 'notification', 'badge']));
  });
});

describe('walking back past a played stop', () => {
  it.each([
    ['beyond radius + buffer (120 m) plays again', 120, 2],
    ['only radius + 30 m (inside the buffer) does not', 80, 1],
  ])('%s', (_, away, plays) => {
    const stop = poi('a', ORIGIN);
    const out = offset(ORIGIN, 180, away);
    const { events } = run([stop], walk([ORIGIN, out, ORIGIN], 9));
    expect(of(events, 'autoplay')).toHaveLength(plays);
    expect(of(events, 'badge')).toEqual(['a']);
  });
});

describe("leave buffer (the POI's, else the option, else 50 m)", () => {
  it.each([
    [0, undefined, 100],
    [-1, undefined, 100],
    [10, undefined, 60],
    [0, 20, 70],
    [10, 20, 60],
  ])('POI buffer %i, option %s: autoplay 50 m re-arms beyond %i m', (own, option, away) => {
    const stop = poi('a', ORIGIN, { attract_radius_leave_buffer: own });
    const options = option === undefined ? {} : { leaveBuffer: option };
    const rearmedAt = (m: number) => {
      const played = stepTriggers([stop], initialTriggerState, reading(ORIGIN, 1)).state;
      return stepTriggers([stop], played, reading(offset(ORIGIN, 0, m), 1), options).state.autoplay;
    };
    expect(rearmedAt(away - 1)).toEqual(['a']);
    expect(rearmedAt(away + 1)).toEqual([]);
  });
});

describe('radius rules (SPEC §4, §5)', () => {
  it.each([
    [{ badge_radius: 0 }, 'badge', 50],
    [{ badge_radius: 30 }, 'badge', 30],
    [{ notification_radius: 0.5 }, 'notification', 75],
    [{ notification_radius: 80 }, 'notification', 80],
    [{ autoplay_radius: 0 }, 'autoplay', 0],
    [{ autoplay_radius: -5 }, 'autoplay', 0],
    [{ autoplay_radius: 40 }, 'autoplay', 40],
    [{ attract_radius: 0 }, 'attract', 0],
    [{ attract_radius: 25 }, 'attract', 25],
  ] as const)('%o: %s radius is %i', (radii, kind, radius) => {
    const stop = poi('a', ORIGIN, radii);
    expect(triggerRadius(stop, kind)).toBe(radius);
    // It fires just inside that radius (never when off) and not just outside.
    const at = (m: number) =>
      of(stepTriggers([stop], initialTriggerState, reading(offset(ORIGIN, 0, m), 1)).events, kind);
    expect(at(radius - 1)).toEqual(radius > 0 ? ['a'] : []);
    expect(at(radius + 1)).toEqual([]);
  });
});

describe('overlapping stops (40 m apart, both autoplay 50 m)', () => {
  const a = poi('a', ORIGIN);
  const b = poi('b', offset(ORIGIN, 90, 40));

  it('plays only the nearer one of a reading', () => {
    const { events, state } = stepTriggers([a, b], initialTriggerState, reading(ORIGIN, 5));
    expect(of(events, 'autoplay')).toEqual(['a']);
    expect(state.autoplay).toEqual(['a']);
  });

  it('plays the second as the visitor walks on to it', () => {
    const path = [offset(ORIGIN, 270, 80), offset(ORIGIN, 90, 120)];
    const { steps, events } = run([a, b], walk(path, 13));
    expect(of(events, 'autoplay')).toEqual(['a', 'b']);
    expect(steps.every((s) => of(s, 'autoplay').length <= 1)).toBe(true);
  });
});

it('orders events: autoplay, notification, badge, attract, each nearest first', () => {
  const near = poi('near', offset(ORIGIN, 0, 10), { attract_radius: 60 });
  const far = poi('far', offset(ORIGIN, 180, 30), { attract_radius: 60 });
  const { events } = stepTriggers([far, near], initialTriggerState, reading(ORIGIN, 5));
  expect(events.map((e) => `${e.kind}:${e.poi}`)).toEqual([
    'autoplay:near',
    'notification:near',
    'notification:far',
    'badge:near',
    'badge:far',
    'attract:near',
    'attract:far',
  ]);
  expect(events[0]!.distance).toBeCloseTo(10, 0);
});

describe('guide trigger reach (SPEC §4, from the centroid)', () => {
  const east = poi('e', offset(ORIGIN, 90, 100));
  const west = poi('w', offset(ORIGIN, 270, 200), { autoplay_radius: 0 });
  const guide = { centroid: [ORIGIN.lat, ORIGIN.lng] as [number, number], pois: [east, west] };

  it.each([
    ['autoplay', 90, 140, true],
    ['autoplay', 90, 160, false],
    ['autoplay', 270, 100, true],
    ['autoplay', 270, 200, false],
    ['notification', 270, 260, true],
    ['notification', 270, 290, false],
    ['attract', 0, 0, false],
  ] as const)('%s at %i° %i m: %s', (kind, bearing, m, has) => {
    expect(guideHasTriggerAt(guide, kind, offset(ORIGIN, bearing, m))).toBe(has);
  });

  it('reaches as far as the farthest POI plus its radius, 0 when none is on', () => {
    expect(guideTriggerReach(guide, 'autoplay')).toBeCloseTo(150, -1);
    expect(guideTriggerReach(guide, 'notification')).toBeCloseTo(275, -1);
    expect(guideTriggerReach(guide, 'attract')).toBe(0);
  });

  it('falls back to the mean of the POIs when the centroid is null', () => {
    const mean = offset(ORIGIN, 270, 50);
    const noCentroid = { centroid: null, pois: [east, west] };
    expect(guideTriggerReach(noCentroid, 'notification')).toBeCloseTo(225, -1);
    expect(guideHasTriggerAt(noCentroid, 'notification', offset(mean, 270, 215))).toBe(true);
    expect(guideHasTriggerAt(noCentroid, 'notification', offset(mean, 270, 240))).toBe(false);
    expect(guideHasTriggerAt({ centroid: null, pois: [] }, 'badge', ORIGIN)).toBe(false);
  });
});
