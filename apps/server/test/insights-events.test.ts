import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightEvent } from '@earshot/core';
import { call } from './participation-helpers.js';
import {
  GUIDE,
  TODAY,
  insightsWorld,
  report,
  sendEvents,
  visit,
  visitToken,
  type InsightsWorld,
} from './insights-helpers.js';

/**
 * Events go in through POST insights/events/ only, and the report must give exactly the
 * figures they make (docs/insights.md): on SQLite, and on PostgreSQL with DATABASE_URL.
 */
describe('insights: events through the real call give exact report figures', () => {
  let env: InsightsWorld;
  // Three visits this week; one of them offline yesterday, sent today.
  const v1 = visit({ language: 'en', hour: 9 });
  const v2 = visit({ language: 'es', hour: 14 });
  const v3 = visit({ language: 'en', day: '2026-11-24', hour: 18 });
  const week: InsightEvent[] = [
    v1({ kind: 'guide-open' }),
    v1({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'tap' }),
    v1({ kind: 'audio-start', poi_token: 'mini-one', trigger: 'tap' }),
    v1({ kind: 'audio-heard', poi_token: 'mini-one', heard: 100 }),
    v1({ kind: 'stop-select', poi_token: 'mini-two', trigger: 'keypad' }),
    v1({ kind: 'audio-start', poi_token: 'mini-two', trigger: 'autoplay', hour: 10 }),
    v1({ kind: 'audio-heard', poi_token: 'mini-two', heard: 40, hour: 10 }),
    v1({ kind: 'preload' }),
    v1({ kind: 'share' }),
    v2({ kind: 'guide-open' }),
    v2({ kind: 'stop-reach', poi_token: 'mini-two', trigger: 'location' }),
    v2({ kind: 'stop-select', poi_token: 'mini-two', trigger: 'location' }),
    v2({ kind: 'audio-start', poi_token: 'mini-two', trigger: 'location' }),
    v2({ kind: 'audio-heard', poi_token: 'mini-two', heard: 95 }),
    v2({ kind: 'share', poi_token: 'mini-two' }),
  ];
  const offline = [
    v3({ kind: 'guide-open' }),
    v3({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'link' }),
  ];
  // Ten days back: in the previous period of a 7-day range.
  const v4 = visit({ language: 'es', day: '2026-11-15', hour: 7 });
  const older = [
    v4({ kind: 'guide-open' }),
    v4({ kind: 'audio-start', poi_token: 'mini-one', trigger: 'tap' }),
  ];
  const range = { from: '2026-11-19', to: TODAY };

  beforeAll(async () => {
    env = await insightsWorld();
  });
  afterAll(async () => env.close());

  it('accepts the batches and says how many were new', async () => {
    const first = await sendEvents(env, week);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: week.length, duplicates: 0, rejected: 0 });
    // The offline queue sends yesterday's events today, with their own day and hour.
    expect((await sendEvents(env, offline)).json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: 0,
    });
    expect((await sendEvents(env, older)).json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: 0,
    });
  });

  it('counts a resent batch once', async () => {
    const again = await sendEvents(env, [...offline, ...week.slice(0, 5)]);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 7, rejected: 0 });
    // The same event twice in one batch is one event too.
    const twice = visit()({ kind: 'preload', guide_token: GUIDE });
    expect((await sendEvents(env, [twice, twice])).json()).toEqual({
      accepted: 1,
      duplicates: 1,
      rejected: 0,
    });
    // …which belongs to a fourth visit this week, with only a preload: take it out of the
    // expected figures below by counting it.
  });

  it('gives the totals, stops, days, hours and weekdays of exactly those events', async () => {
    const r = await report(env, range);
    expect(r.guide).toEqual({ token: GUIDE, title: expect.any(String) });
    expect(r.range).toEqual(range);
    expect(r.previous_range).toEqual({ from: '2026-11-12', to: '2026-11-18' });
    expect(r.languages).toEqual(['en', 'es']);
    expect(r.current.totals).toEqual({
      visits: 4, // v1, v2, v3, and the preload-only visit
      preloads: 2,
      listeners: 2,
      shares: 2,
      answers: 0,
      correct: 0,
      reached_by_location: 1,
      completion: 66.7, // 100 and 95 of 100, 40, 95
    });
    const [one, two] = r.current.stops;
    expect(one).toMatchObject({
      token: 'mini-one',
      order: 1,
      visits: 2,
      listeners: 1,
      starts: 1,
      completed: 1,
      heard_avg: 100,
      reached: 0,
      triggers: { tap: 2, keypad: 0, location: 0, autoplay: 0, link: 1 },
    });
    expect(two).toMatchObject({
      token: 'mini-two',
      order: 2,
      visits: 2,
      listeners: 2,
      starts: 2,
      completed: 1,
      heard_avg: 67.5,
      reached: 1,
      triggers: { tap: 0, keypad: 1, location: 2, autoplay: 1, link: 0 },
    });
    expect(r.current.stops).toHaveLength(2);
    expect(r.current.days).toHaveLength(7);
    expect(r.current.days.filter((d) => d.visits > 0)).toEqual([
      { day: '2026-11-24', visits: 1, listeners: 0 },
      { day: '2026-11-25', visits: 3, listeners: 2 },
    ]);
    const hours = Array(24).fill(0);
    hours[9] = 1; // v1's first event
    hours[10] = 1; // the preload-only visit
    hours[14] = 1; // v2
    hours[18] = 1; // v3, yesterday evening
    expect(r.current.hours).toEqual(hours);
    // 2026-11-24 is a Tuesday, 2026-11-25 a Wednesday (Monday first).
    expect(r.current.weekdays).toEqual([0, 1, 3, 0, 0, 0, 0]);
    expect(r.current.challenges.map((c) => [c.title, c.answers])).toEqual([
      ['Take a photo', 0],
      ['What metal?', 0],
      ['Name it', 0],
      ['How many?', 0],
    ]);
  });

  it('gives the previous period beside it', async () => {
    const r = await report(env, range);
    expect(r.previous.totals).toMatchObject({ visits: 1, listeners: 1, preloads: 0 });
    expect(r.previous.stops[0]).toMatchObject({ token: 'mini-one', visits: 1, starts: 1 });
    expect(r.previous.days.find((d) => d.day === '2026-11-15')).toEqual({
      day: '2026-11-15',
      visits: 1,
      listeners: 1,
    });
    // 2026-11-15 is a Sunday.
    expect(r.previous.weekdays).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('limits every figure to one language', async () => {
    const es = await report(env, { ...range, language: 'es' });
    expect(es.current.totals).toEqual({
      visits: 1,
      preloads: 0,
      listeners: 1,
      shares: 1,
      answers: 0,
      correct: 0,
      reached_by_location: 1,
      completion: 100,
    });
    expect(es.current.stops.map((s) => [s.token, s.visits, s.listeners])).toEqual([
      ['mini-one', 0, 0],
      ['mini-two', 1, 1],
    ]);
    expect(es.previous.totals.visits).toBe(1);
    const en = await report(env, { ...range, language: 'en' });
    expect(en.current.totals).toMatchObject({ visits: 3, listeners: 1, completion: 50 });
    // A language with no events: zeros, not an error.
    const fr = await report(env, { ...range, language: 'fr' });
    expect(fr.current.totals.visits).toBe(0);
  });

  it('drops events of unknown guides and stops, of days outside the window, and keeps the rest', async () => {
    const v = visit();
    const res = await sendEvents(env, [
      v({ kind: 'guide-open', guide_token: 'no-such-guide' }),
      v({ kind: 'stop-select', poi_token: 'no-such-stop', trigger: 'tap' }),
      v({ kind: 'preload', day: '2026-11-27' }), // two days ahead of the server
      v({ kind: 'preload', day: '2025-10-20' }), // 401 days back
      v({ kind: 'preload', day: '2025-10-21' }), // 400 days back: kept
      v({ kind: 'preload', day: '2026-11-26' }), // tomorrow (east of UTC): kept
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0, rejected: 4 });
    const r = await report(env, range);
    expect(r.current.totals.visits).toBe(4); // tomorrow's is outside the range
  });

  it('counts a batch sent twice at the same moment once', async () => {
    const v = visit({ day: '2026-11-20', hour: 3 });
    const batch = [
      v({ kind: 'guide-open' }),
      v({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'tap' }),
      v({ kind: 'audio-start', poi_token: 'mini-one', trigger: 'tap' }),
    ];
    const answers = await Promise.all([0, 1, 2].map(() => sendEvents(env, batch)));
    const sum = (k: 'accepted' | 'duplicates') =>
      answers.reduce((n, r) => n + r.json<Record<string, number>>()[k]!, 0);
    expect(sum('accepted')).toBe(3);
    expect(sum('duplicates')).toBe(6);
    const r = await report(env, { from: '2026-11-20', to: '2026-11-20' });
    expect(r.current.totals).toMatchObject({ visits: 1, listeners: 1 });
    expect(r.current.hours[3]).toBe(1);
    expect(r.current.stops[0]!).toMatchObject({ visits: 1, starts: 1, triggers: { tap: 2 } });
  });

  it('reads a beacon’s text/plain body as JSON', async () => {
    const v = visit({ day: '2026-11-21' });
    const open = v({ kind: 'guide-open' });
    const visit_token = await visitToken(env, GUIDE, open.visit_id);
    const res = await call(env, null, {
      method: 'POST',
      url: '/api/v1/insights/events/',
      payload: JSON.stringify({ events: [{ ...open, visit_token }] }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: 0 });
    const bad = await call(env, null, {
      method: 'POST',
      url: '/api/v1/insights/events/',
      payload: 'events: none',
      headers: { 'content-type': 'text/plain' },
    });
    expect(bad.statusCode).toBe(400);
    const r = await report(env, { from: '2026-11-21', to: '2026-11-21' });
    expect(r.current.totals.visits).toBe(1);
  });

  it('refuses a malformed batch whole with 400', async () => {
    const v = visit();
    for (const events of [
      [],
      Array.from({ length: 51 }, () => v({ kind: 'preload' })),
      [v({ kind: 'preload' }), { ...v({ kind: 'preload' }), user_id: 'u1' }],
      [v({ kind: 'audio-heard', poi_token: 'mini-one', heard: 120 })],
      [v({ kind: 'stop-select', poi_token: 'mini-one' } as never)],
      [{ ...v({ kind: 'preload' }), kind: 'challenge-answer' }],
    ]) {
      const res = await sendEvents(env, events);
      expect(res.statusCode, JSON.stringify(events).slice(0, 200)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const r = await report(env, range);
    expect(r.current.totals.preloads).toBe(2);
  });

  it('counts visits and stop openings by where they came from, beside the previous period', async () => {
    const fromSign = visit({ day: '2026-11-05', hour: 11 });
    const fromSearch = visit({ day: '2026-11-05', hour: 12 });
    const unknown = visit({ day: '2026-11-05', hour: 13 });
    const before = visit({ day: '2026-11-04', hour: 10 });
    const link = { kind: 'stop-select', poi_token: 'mini-two', trigger: 'link' } as const;
    const res = await sendEvents(env, [
      fromSign({ kind: 'guide-open', entry: 'sign' }),
      fromSign({ ...link, entry: 'sign' }),
      fromSign({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'tap', entry: 'guide' }),
      fromSearch({ kind: 'guide-open', entry: 'search' }),
      // A device from before entries: a stop-select counts under its trigger's.
      fromSearch({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'keypad' }),
      unknown({ kind: 'guide-open' }),
      unknown(link),
      before({ kind: 'guide-open', entry: 'sign' }),
      before({ ...link, entry: 'sign' }),
      before({ ...link, entry: 'sign' }),
    ]);
    expect(res.json()).toEqual({ accepted: 10, duplicates: 0, rejected: 0 });
    const r = await report(env, { from: '2026-11-05', to: '2026-11-05' });
    expect(r.current.totals.visits).toBe(3);
    expect(r.current.entries).toEqual({ sign: 1, link: 0, list: 0, search: 1, map: 0 });
    expect(r.previous.entries).toEqual({ sign: 1, link: 0, list: 0, search: 0, map: 0 });
    expect(r.current.stops.map((s) => [s.token, s.entries])).toEqual([
      ['mini-one', { sign: 0, link: 0, keypad: 1, location: 0, guide: 1 }],
      ['mini-two', { sign: 1, link: 1, keypad: 0, location: 0, guide: 0 }],
    ]);
    expect(r.previous.stops[1]!.entries).toEqual({
      sign: 2,
      link: 0,
      keypad: 0,
      location: 0,
      guide: 0,
    });
    // An entry its kind or trigger cannot have is a malformed batch.
    const tappedFromSign = visit({ day: '2026-11-05' })({
      kind: 'stop-select',
      poi_token: 'mini-one',
      trigger: 'tap',
      entry: 'sign',
    });
    expect((await sendEvents(env, [tappedFromSign])).statusCode).toBe(400);
  });
});
