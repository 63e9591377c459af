import { describe, expect, it } from 'vitest';
import {
  eventEntry,
  guideEntryOf,
  withoutSignMark,
  insightBatchSchema,
  stopEntry,
  insightEventSchema,
  insightVisitRequestSchema,
  insightsQuerySchema,
  insightsReportSchema,
} from '../../src/index.js';

const base = {
  id: '2b0d7b3e-1c1a-4c1e-9a55-6d1f00000001',
  visit_id: '9f1c2d3e-0000-4000-8000-000000000001',
  guide_token: 'riverfront-sculpture-walk',
  language: 'en',
  day: '2026-11-25',
  hour: 14,
};

const firstIssue = (value: unknown) => {
  const r = insightEventSchema.safeParse(value);
  return r.success ? null : `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
};

describe('an event', () => {
  it.each([
    ['guide-open', { kind: 'guide-open' }],
    ['stop-select by keypad', { kind: 'stop-select', poi_token: 'rsw-01', trigger: 'keypad' }],
    ['stop-select by its link', { kind: 'stop-select', poi_token: 'rsw-01', trigger: 'link' }],
    ['audio-start by autoplay', { kind: 'audio-start', poi_token: 'a', trigger: 'autoplay' }],
    ['audio-heard 62', { kind: 'audio-heard', poi_token: 'a', heard: 62 }],
    ['stop-reach', { kind: 'stop-reach', poi_token: 'a', trigger: 'location' }],
    ['stop-reach without trigger', { kind: 'stop-reach', poi_token: 'a' }],
    ['preload', { kind: 'preload' }],
    ['share of a stop', { kind: 'share', poi_token: 'a' }],
    ['share of the guide', { kind: 'share' }],
    ['with its visit token', { kind: 'preload', visit_token: '1795000000.abc' }],
    ['guide-open from a sign', { kind: 'guide-open', entry: 'sign' }],
    ['guide-open from the world map', { kind: 'guide-open', entry: 'map' }],
    ['guide-open from search', { kind: 'guide-open', entry: 'search' }],
    [
      'a stop link from a sign',
      { kind: 'stop-select', poi_token: 'a', trigger: 'link', entry: 'sign' },
    ],
    [
      'a stop chosen in the guide',
      { kind: 'stop-select', poi_token: 'a', trigger: 'tap', entry: 'guide' },
    ],
  ])('%s is accepted', (_name, extra) => {
    expect(firstIssue({ ...base, ...extra })).toBeNull();
  });

  it.each([
    ['a stop-select without stop', { kind: 'stop-select', trigger: 'tap' }, 'poi_token'],
    ['a stop-select without trigger', { kind: 'stop-select', poi_token: 'a' }, 'trigger'],
    [
      'autoplay on stop-select',
      { kind: 'stop-select', poi_token: 'a', trigger: 'autoplay' },
      'trigger',
    ],
    [
      'keypad on audio-start',
      { kind: 'audio-start', poi_token: 'a', trigger: 'keypad' },
      'trigger',
    ],
    ['tap on stop-reach', { kind: 'stop-reach', poi_token: 'a', trigger: 'tap' }, 'trigger'],
    ['a trigger on preload', { kind: 'preload', trigger: 'tap' }, 'trigger'],
    ['a stop on guide-open', { kind: 'guide-open', poi_token: 'a' }, 'poi_token'],
    ['guide-open from the keypad', { kind: 'guide-open', entry: 'keypad' }, 'entry'],
    ['an entry on preload', { kind: 'preload', entry: 'list' }, 'entry'],
    [
      'an entry on audio-start',
      { kind: 'audio-start', poi_token: 'a', trigger: 'tap', entry: 'guide' },
      'entry',
    ],
    [
      'a tapped stop from a sign',
      { kind: 'stop-select', poi_token: 'a', trigger: 'tap', entry: 'sign' },
      'entry',
    ],
    [
      'a keypad stop from the world map',
      { kind: 'stop-select', poi_token: 'a', trigger: 'keypad', entry: 'map' },
      'entry',
    ],
    ['an unknown entry', { kind: 'guide-open', entry: 'poster' }, 'entry'],
    ['audio-heard without heard', { kind: 'audio-heard', poi_token: 'a' }, 'heard'],
    ['heard above 100', { kind: 'audio-heard', poi_token: 'a', heard: 101 }, 'heard'],
    ['heard not whole', { kind: 'audio-heard', poi_token: 'a', heard: 6.5 }, 'heard'],
    [
      'heard on audio-start',
      { kind: 'audio-start', poi_token: 'a', trigger: 'tap', heard: 5 },
      'heard',
    ],
    ['a client challenge-answer', { kind: 'challenge-answer' }, 'kind'],
    ['an unknown kind', { kind: 'pageview' }, 'kind'],
    ['hour 24', { kind: 'preload', hour: 24 }, 'hour'],
    ['an impossible day', { kind: 'preload', day: '2026-02-30' }, 'day'],
    ['a time in the day', { kind: 'preload', day: '2026-11-25T14:00' }, 'day'],
    ['an id that is no UUID', { kind: 'preload', id: 'abc' }, 'id'],
    ['a bad language', { kind: 'preload', language: 'English' }, 'language'],
    ['a token with a space', { kind: 'preload', guide_token: 'a b' }, 'guide_token'],
    ['a user id', { kind: 'preload', user_id: 'u1' }, ''],
    ['a position', { kind: 'preload', lat: 1 }, ''],
    [
      'a visit token too long to be one',
      { kind: 'preload', visit_token: 'x'.repeat(121) },
      'visit_token',
    ],
  ])('%s is refused (%s)', (_name, extra, path) => {
    expect(firstIssue({ ...base, ...extra })?.split(':')[0]).toBe(path);
  });
});

describe('a batch', () => {
  const ev = (i: number) => ({
    ...base,
    kind: 'preload',
    id: base.id.slice(0, -2) + String(i).padStart(2, '0'),
  });
  it.each([
    [0, false],
    [1, true],
    [50, true],
    [51, false],
  ])('of %i events is valid: %s', (n, ok) => {
    const events = Array.from({ length: n }, (_, i) => ev(i));
    expect(insightBatchSchema.safeParse({ events }).success).toBe(ok);
  });
});

describe('the report’s query', () => {
  it.each([
    [{ from: '2026-11-01', to: '2026-11-30' }, true],
    [{ from: '2026-11-01', to: '2026-11-30', language: 'pt-BR' }, true],
    [{}, true],
    [{ organisation: '2' }, true],
    [{ from: '2026-11-01' }, false],
    [{ to: '2026-11-30' }, false],
    [{ from: '2026-11-31', to: '2026-12-01' }, false],
    [{ language: 'English' }, false],
    [{ from: '2026-11-01', to: '2026-11-30', language: 'other' }, true],
    [{ language: 'others' }, false],
  ])('%o is valid: %s', (q, ok) => {
    expect(insightsQuerySchema.safeParse(q).success).toBe(ok);
  });
});

describe('the report', () => {
  const period = {
    totals: {
      visits: 1,
      preloads: 0,
      listeners: 1,
      shares: 0,
      answers: 0,
      correct: 0,
      reached_by_location: 0,
      completion: 50,
    },
    entries: { sign: 1, link: 0, list: 0, search: 0, map: 0 },
    stops: [],
    days: [{ day: '2026-11-25', visits: 1, listeners: 1 }],
    hours: Array(24).fill(0),
    weekdays: Array(7).fill(0),
    challenges: [],
  };
  const report = {
    guide: { token: 'g', title: 'G' },
    range: { from: '2026-11-25', to: '2026-11-25' },
    previous_range: { from: '2026-11-24', to: '2026-11-24' },
    languages: ['en'],
    current: period,
    previous: period,
    refused: { total: 3, bad_token: 2, over_limit: 1, unknown_stop: 0, out_of_range: 0 },
  };
  it('takes the contract’s shape', () => {
    expect(insightsReportSchema.safeParse(report).success).toBe(true);
  });
  it('has 24 hours and 7 weekdays', () => {
    const bad = { ...report, current: { ...period, hours: Array(23).fill(0) } };
    expect(insightsReportSchema.safeParse(bad).success).toBe(false);
  });
  it('says how many events were refused', () => {
    expect(insightsReportSchema.safeParse({ ...report, refused: undefined }).success).toBe(false);
  });
});

describe('a visit token request', () => {
  it.each([
    [{ guide_token: 'riverfront-sculpture-walk' }, true],
    [{ guide_token: 'g', visit_id: '9f1c2d3e-0000-4000-8000-000000000001' }, true],
    [{ guide_token: 'g', visit_id: 'mine' }, false],
    [{}, false],
    [{ guide_token: 'a b' }, false],
    [{ guide_token: 'g', user_id: 'u1' }, false],
  ])('%o is valid: %s', (body, ok) => {
    expect(insightVisitRequestSchema.safeParse(body).success).toBe(ok);
  });
});

describe('entries', () => {
  it.each([
    ['tap', undefined, 'guide'],
    ['keypad', undefined, 'keypad'],
    ['location', 'sign', 'location'],
    ['link', undefined, 'link'],
    ['link', 'list', 'link'],
    ['link', 'sign', 'sign'],
    ['autoplay', undefined, null],
  ] as const)('a stop-select by %s in a visit from %s comes from %s', (trigger, from, entry) => {
    expect(stopEntry(trigger, from)).toBe(entry);
  });

  it.each([
    ['its own', { kind: 'guide-open', entry: 'search' }, 'search'],
    ['a guide-open without one', { kind: 'guide-open' }, null],
    [
      'a stop-select without one: its trigger',
      { kind: 'stop-select', trigger: 'keypad' },
      'keypad',
    ],
    ['a stop link without one: a link', { kind: 'stop-select', trigger: 'link' }, 'link'],
    ['an audio-start: none', { kind: 'audio-start', trigger: 'tap' }, null],
  ] as const)('an event counts under %s', (_name, event, entry) => {
    expect(eventEntry(event)).toBe(entry);
  });

  it.each([
    ['a sign’s redirect', '?from=sign', null, 'k1', 'sign'],
    ['a sign’s redirect, first page', '?from=sign&lang=fr', null, 'default', 'sign'],
    ['the offline sign screen', '', { entry: 'sign' }, 'k1', 'sign'],
    ['a guide list', '', { entry: 'list' }, 'k1', 'list'],
    [
      'search, through the preload screen',
      '',
      { fromPreload: true, entry: 'search' },
      'k1',
      'search',
    ],
    ['the world map', '', { entry: 'map' }, 'k1', 'map'],
    ['a link from outside: the first page', '', null, 'default', 'link'],
    [
      'an offline link from outside, through the preload screen',
      '',
      { landed: true },
      'k2',
      'link',
    ],
    ['another screen of the app', '', null, 'k1', undefined],
    ['a state that names no guide entry', '', { entry: 'keypad' }, 'k1', undefined],
    ['some other mark', '?from=poster', null, 'k1', undefined],
  ])('a guide screen reached from %s: its entry', (_name, search, state, key, entry) => {
    expect(guideEntryOf({ search, state, key })).toBe(entry);
  });

  it.each([
    ['?from=sign', ''],
    ['?from=sign&lang=fr', '?lang=fr'],
    ['?lang=fr', '?lang=fr'],
    ['', ''],
  ])('the address %s shows as %s once counted', (search, shown) => {
    expect(withoutSignMark(search)).toBe(shown);
  });
});
