import { describe, expect, it } from 'vitest';
import {
  heardShare,
  insightBatches,
  insightLanguage,
  insightSendStep,
  insightsToKeep,
  insightVisit,
  localTimeHeader,
  VISIT_ID_IDLE_MS,
  type GuideDetail,
  type InsightSendStep,
  type KeptInsightVisit,
} from '../../src/index.js';

describe('localTimeHeader: the local day and hour an answer was given', () => {
  it.each<[Date, string]>([
    [new Date(2026, 10, 25, 14, 59, 59), '2026-11-25T14'],
    [new Date(2026, 0, 1, 0, 0, 0), '2026-01-01T00'],
    [new Date(2025, 11, 31, 23, 30), '2025-12-31T23'],
  ])('%s', (at, header) => expect(localTimeHeader(at)).toBe(header));
});

describe('insightVisit: one visit id per guide visit', () => {
  const kept: KeptInsightVisit = {
    guideToken: 'g',
    id: 'v1',
    lastEventAt: 1_000_000,
    opened: true,
  };
  const ids = () => 'v2';
  it.each<[string, KeptInsightVisit | null, string, number, string]>([
    ['nothing kept: a new visit', null, 'g', 1_000_000, 'v2'],
    ['the same guide a minute later: the same visit', kept, 'g', 1_060_000, 'v1'],
    [
      'the same guide just under 4 hours later: the same visit',
      kept,
      'g',
      1_000_000 + VISIT_ID_IDLE_MS - 1,
      'v1',
    ],
    ['4 hours without an event: a new visit', kept, 'g', 1_000_000 + VISIT_ID_IDLE_MS, 'v2'],
    ['another guide opened: a new visit', kept, 'h', 1_000_001, 'v2'],
    ['the clock turned back: a new visit', kept, 'g', 999_000, 'v2'],
  ])('%s', (_, k, guide, now, id) => {
    const v = insightVisit(k, guide, now, ids);
    expect(v.id).toBe(id);
    expect(v.lastEventAt).toBe(now);
    expect(v.guideToken).toBe(guide);
    // A new visit has had no guide-open yet; a continued one keeps what it had.
    expect(v.opened).toBe(id === 'v1');
  });
});

describe('insightLanguage: every event names a language code', () => {
  const two = [
    { code: 'en', label: 'English' },
    { code: 'es', label: 'Español' },
  ];
  const guide = (
    languages: { code: string; label: string }[],
    language: string | null,
    poiLanguage: string | null,
  ) => ({ languages, language, pois: [{ language: poiLanguage }] }) as unknown as GuideDetail;
  it.each<[string, GuideDetail, string | undefined, string]>([
    ['the chosen one', guide(two, 'en', 'en'), 'es', 'es'],
    ['the guide default when none chosen', guide(two, 'en', 'en'), undefined, 'en'],
    ['a single-language guide: its stops', guide([], null, 'en'), undefined, 'en'],
    ['nothing known: undetermined', guide([], null, null), undefined, 'und'],
  ])('%s', (_, g, chosen, language) => expect(insightLanguage(g, chosen)).toBe(language));
});

describe('heardShare: the furthest point reached over the length', () => {
  it.each<[number, number, boolean, number]>([
    [30, 120, false, 25],
    [74.4, 120, false, 62],
    [0, 120, false, 0],
    [130, 120, false, 100],
    [10, 120, true, 100],
    [10, NaN, false, 0],
    [10, 0, false, 0],
    [10, Infinity, false, 0],
  ])('%s s of %s s (ended %s) is %s', (furthest, duration, ended, share) => {
    expect(heardShare(furthest, duration, ended)).toBe(share);
  });
});

describe('insightBatches: at most 50 per request, oldest first', () => {
  const ev = (n: number, day = '2026-11-25', hour = 10) => ({ id: `e${n}`, day, hour });
  it('cuts 120 events into 50, 50, 20', () => {
    const batches = insightBatches(Array.from({ length: 120 }, (_, i) => ev(i)));
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
  });
  it('sends older days and hours first', () => {
    const batches = insightBatches(
      [ev(1, '2026-11-25', 9), ev(2, '2026-11-24', 23), ev(3, '2026-11-25', 8)],
      2,
    );
    expect(batches.map((b) => b.map((e) => e.id))).toEqual([['e2', 'e3'], ['e1']]);
  });
  it('none for an empty queue', () => expect(insightBatches([])).toEqual([]));
});

describe('insightSendStep: an event leaves only when the server answered for it', () => {
  it.each<[number | null, number, InsightSendStep]>([
    [200, 50, 'done'],
    [200, 1, 'done'],
    [null, 10, 'keep'],
    [429, 10, 'keep'],
    [500, 10, 'keep'],
    [503, 1, 'keep'],
    [404, 10, 'keep'],
    [400, 10, 'split'],
    [413, 50, 'split'],
    [400, 1, 'drop'],
  ])('status %s for %s events: %s', (status, size, step) => {
    expect(insightSendStep(status, size)).toBe(step);
  });
});

describe('insightsToKeep: nothing the server would refuse for age, at most the newest max', () => {
  const ev = (id: string, day: string, hour = 0) => ({ id, day, hour });
  it('drops days more than 400 days back', () => {
    const kept = insightsToKeep(
      [ev('old', '2025-10-20'), ev('edge', '2025-10-21'), ev('new', '2026-11-25')],
      '2026-11-25',
    );
    expect(kept.map((e) => e.id)).toEqual(['edge', 'new']);
  });
  it('keeps the newest when over the bound', () => {
    const kept = insightsToKeep(
      [ev('c', '2026-11-25', 3), ev('a', '2026-11-25', 1), ev('b', '2026-11-25', 2)],
      '2026-11-25',
      2,
    );
    expect(kept.map((e) => e.id)).toEqual(['b', 'c']);
  });
});
