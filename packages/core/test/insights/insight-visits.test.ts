import { describe, expect, it } from 'vitest';
import {
  INSIGHT_EVENTS_PER_STOP,
  INSIGHT_LARGEST_GUIDE_STOPS,
  INSIGHT_VISIT_EVENTS_MAX,
  INSIGHT_VISIT_TOKEN_MS,
  INSIGHT_VISIT_TOKEN_RENEW_MS,
  insightEventVerdict,
  insightLanguageFolded,
  insightPassOf,
  insightPassUsable,
  insightPassesKept,
  insightRefusalDay,
  insightVisitAskStep,
  insightVisitsToAsk,
  insightsUnderVisitLimit,
  refusedSummary,
  withVisitTokens,
  type InsightPasses,
  type InsightRefused,
  type InsightTokenCheck,
} from '../../src/index.js';

describe('the language an event counts in', () => {
  it.each<[string, string[], string]>([
    ['en', ['en', 'es'], 'en'],
    ['es', ['en', 'es'], 'es'],
    ['fr', ['en', 'es'], 'other'],
    ['pt-br', ['en', 'pt-BR'], 'pt-BR'],
    ['EN', ['en'], 'en'],
    ['en-GB', ['en'], 'other'],
    ['und', ['en'], 'other'],
    ['xyz', [], 'other'],
  ])('%s of a guide in %j is %s', (language, languages, out) =>
    expect(insightLanguageFolded(language, languages)).toBe(out),
  );
});

describe('what becomes of one event', () => {
  const stops = new Set(['s1', 's2']);
  const today = '2026-11-25';
  it.each<
    [
      string,
      { day?: string; poi_token?: string },
      Partial<{ stops: Set<string> | undefined; token: InsightTokenCheck }>,
      string,
    ]
  >([
    ['a good event', {}, {}, 'keep'],
    ['a good event at a stop', { poi_token: 's1' }, {}, 'keep'],
    ['a guide not published', {}, { stops: undefined }, 'guide'],
    ['not published, bad token too', {}, { stops: undefined, token: 'bad' }, 'guide'],
    ['a bad token', {}, { token: 'bad' }, 'bad_token'],
    ['a bad token at an unknown stop', { poi_token: 'nope' }, { token: 'bad' }, 'bad_token'],
    ['an expired token the server signed', {}, { token: 'expired' }, 'renew'],
    ['a day 401 days back', { day: '2025-10-20' }, {}, 'out_of_range'],
    ['a day two ahead', { day: '2026-11-27' }, {}, 'out_of_range'],
    ['an unknown stop', { poi_token: 'nope' }, {}, 'unknown_stop'],
  ])('%s: %s', (_name, e, at, out) =>
    expect(insightEventVerdict({ day: today, ...e }, { stops, token: 'ok', today, ...at })).toBe(
      out,
    ),
  );
});

describe('the day a refused event is counted on', () => {
  it.each([
    ['2026-11-25', '2026-11-25'],
    ['2026-11-20', '2026-11-20'],
    ['2026-11-26', '2026-11-26'],
    ['2026-11-27', '2026-11-25'],
    ['2025-10-20', '2026-11-25'],
    ['2025-10-21', '2025-10-21'],
  ])('%s, today 2026-11-25: %s', (day, out) =>
    expect(insightRefusalDay(day, '2026-11-25')).toBe(out),
  );
});

describe('the events of one visit', () => {
  it('may be a few per stop of the largest guides', () => {
    expect(INSIGHT_VISIT_EVENTS_MAX).toBe(
      INSIGHT_LARGEST_GUIDE_STOPS * INSIGHT_EVENTS_PER_STOP + 100,
    );
    expect(INSIGHT_VISIT_EVENTS_MAX).toBe(2500);
  });
  const ev = (id: string, day: string, hour: number) => ({ id, day, hour });
  const events = [
    ev('c', '2026-11-25', 10),
    ev('a', '2026-11-25', 9),
    ev('b', '2026-11-24', 23),
    ev('d', '2026-11-25', 9),
  ];
  it.each<[number, number, string[], string[]]>([
    [0, 10, ['b', 'a', 'd', 'c'], []],
    [0, 4, ['b', 'a', 'd', 'c'], []],
    [0, 3, ['b', 'a', 'd'], ['c']],
    [8, 10, ['b', 'a'], ['d', 'c']],
    [10, 10, [], ['b', 'a', 'd', 'c']],
    [12, 10, [], ['b', 'a', 'd', 'c']],
  ])('with %i stored and a limit of %i: keeps %j, refuses %j', (stored, max, kept, over) => {
    const r = insightsUnderVisitLimit(events, stored, max);
    expect([r.kept.map((e) => e.id), r.over.map((e) => e.id)]).toEqual([kept, over]);
  });
  it('counts to INSIGHT_VISIT_EVENTS_MAX by default', () => {
    expect(insightsUnderVisitLimit(events, INSIGHT_VISIT_EVENTS_MAX - 1).kept).toHaveLength(1);
  });
});

describe('the sender’s visit tokens', () => {
  const now = 1_000_000_000_000;
  const hour = 60 * 60 * 1000;
  const e = (visit: string, guide = 'g', id = visit) => ({
    id,
    guide_token: guide,
    visit_id: visit,
  });
  const passes: InsightPasses = {
    'g v1': { token: 't1', until: now + 5 * hour },
    'g v2': { token: 't2', until: now + 30 * 60 * 1000 }, // under the renewal margin
    'g v3': { token: 't3', until: now - 1 }, // expired
  };

  it('counts a pass from the answer’s expires_in on the device’s clock', () => {
    expect(
      insightPassOf(
        { visit_id: 'v', token: 't', expires_at: '1970-01-01T00:00:00Z', expires_in: 21600 },
        now,
      ),
    ).toEqual({ token: 't', until: now + INSIGHT_VISIT_TOKEN_MS });
  });

  it.each<[string, number | undefined, boolean]>([
    ['none', undefined, false],
    ['five hours left', now + 5 * hour, true],
    ['just over the margin', now + INSIGHT_VISIT_TOKEN_RENEW_MS + 1, true],
    ['exactly the margin', now + INSIGHT_VISIT_TOKEN_RENEW_MS, false],
    ['expired', now - 1, false],
  ])('a pass with %s is usable: %s', (_name, until, ok) =>
    expect(insightPassUsable(until === undefined ? undefined : { token: 't', until }, now)).toBe(
      ok,
    ),
  );

  it('asks once for each visit without a usable pass, in order', () => {
    const events = [e('v4', 'h'), e('v1'), e('v2'), e('v3'), e('v2', 'g', 'x'), e('v1', 'h')];
    expect(insightVisitsToAsk(events, passes, now)).toEqual([
      { guide_token: 'h', visit_id: 'v4' },
      { guide_token: 'g', visit_id: 'v2' },
      { guide_token: 'g', visit_id: 'v3' },
      { guide_token: 'h', visit_id: 'v1' },
    ]);
  });

  it('sends only what has a usable pass, each with its own visit’s token', () => {
    const { ready, waiting } = withVisitTokens(
      [e('v1'), e('v2'), e('v1', 'h'), e('v1', 'g', 'again')],
      passes,
      now,
    );
    expect(ready).toEqual([
      { ...e('v1'), visit_token: 't1' },
      { ...e('v1', 'g', 'again'), visit_token: 't1' },
    ]);
    expect(waiting).toEqual([e('v2'), e('v1', 'h')]);
  });

  it.each<[number | null, string]>([
    [null, 'wait'],
    [200, 'pass'],
    [404, 'without'],
    [400, 'without'],
    [429, 'wait'],
    [500, 'wait'],
    [503, 'wait'],
  ])('after asking a token, %s: %s', (status, step) =>
    expect(insightVisitAskStep(status)).toBe(step),
  );

  it('forgets expired passes', () => {
    expect(Object.keys(insightPassesKept(passes, now))).toEqual(['g v1', 'g v2']);
  });
});

describe('the dashboard’s line on refused events', () => {
  const r = (p: Partial<InsightRefused>): InsightRefused => {
    const base = { bad_token: 0, over_limit: 0, unknown_stop: 0, out_of_range: 0, ...p };
    return {
      ...base,
      total: base.bad_token + base.over_limit + base.unknown_stop + base.out_of_range,
    };
  };
  it.each<[Partial<InsightRefused>, string | null]>([
    [{}, null],
    [
      { bad_token: 1 },
      'Not counted: 1 event received in this period (1 not from a visit opened in the app). The figures here leave it out.',
    ],
    [
      { bad_token: 1200, over_limit: 3, unknown_stop: 2, out_of_range: 1 },
      'Not counted: 1,206 events received in this period (1,200 not from a visit opened in the app, 3 beyond the limit of one visit, 2 for a stop not in the guide, 1 dated outside the days accepted). The figures here leave them out.',
    ],
    [
      { unknown_stop: 2 },
      'Not counted: 2 events received in this period (2 for a stop not in the guide). The figures here leave them out.',
    ],
  ])('%o: %s', (p, out) => expect(refusedSummary(r(p))).toBe(out));
});
