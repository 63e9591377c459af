import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, stopEntry, type InsightEvent } from '@earshot/core';
import { rebuildRollups } from '../src/modules/insights/bulk-repository.js';
import { signUp } from './auth-helpers.js';
import { TODAY, insightsWorld, sendEvents, type InsightsWorld } from './insights-helpers.js';
import { answer, participationIds } from './participation-helpers.js';

const TABLES = [
  'insight_visit_facts',
  'insight_daily',
  'insight_daily_stops',
  'insight_daily_challenges',
] as const;

/** Every roll-up row, in one order, as plain numbers and strings (the two databases agree). */
async function snapshot(env: InsightsWorld) {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const rows = await env.handle.db.selectFrom(t).selectAll().execute();
    out[t] = rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/**
 * The bench writes 10 million events in bulk and rolls them up in bulk (bulk-repository.ts);
 * the figures it times are only worth something if those roll-ups are the ones the real
 * calls make. Here a varied set of visits goes through the real calls in time order, then
 * the bulk path recomputes the roll-ups from the same raw events: every row must be equal.
 */
describe('insights: bulk roll-ups equal the incremental ones', () => {
  let env: InsightsWorld;
  beforeAll(async () => {
    env = await insightsWorld();
  });
  afterAll(async () => env.close());

  it('gives the same rows for the same events', async () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    const stops = ['mini-one', 'mini-two'];
    const events: InsightEvent[] = [];
    for (let v = 0; v < 60; v++) {
      const visit_id = randomUUID();
      const language = ['en', 'es'][rnd(2)]!;
      let day = addDays(TODAY, -rnd(20));
      let hour = rnd(24);
      const ev = (e: Partial<InsightEvent>) => {
        events.push({
          id: randomUUID(),
          visit_id,
          guide_token: 'mini-walk',
          language,
          day,
          hour,
          ...e,
        } as InsightEvent);
        // A visit goes on into the next hours, sometimes past midnight.
        if (rnd(4) === 0) {
          hour = (hour + 1) % 24;
          if (hour === 0) day = addDays(day, 1);
        }
      };
      // Where the visit came from (left out sometimes, as a device from before entries sends).
      const from = (['sign', 'link', 'list', 'search', 'map', undefined] as const)[rnd(6)];
      ev({ kind: 'guide-open', ...(from ? { entry: from } : {}) });
      if (rnd(5) === 0) ev({ kind: 'preload' });
      for (let k = 0; k < 1 + rnd(3); k++) {
        const poi_token = stops[(k + rnd(2)) % 2]!;
        const trigger = (['tap', 'keypad', 'location', 'link'] as const)[rnd(4)]!;
        ev({
          kind: 'stop-select',
          poi_token,
          trigger,
          ...(rnd(3) ? { entry: stopEntry(trigger, from)! } : {}),
        });
        if (rnd(3) > 0) {
          ev({
            kind: 'audio-start',
            poi_token,
            trigger: (['tap', 'autoplay', 'location'] as const)[rnd(3)],
          });
          ev({ kind: 'audio-heard', poi_token, heard: rnd(101) });
        }
        if (rnd(3) === 0) ev({ kind: 'stop-reach', poi_token, trigger: 'location' });
        if (rnd(8) === 0) ev({ kind: 'share', ...(rnd(2) ? { poi_token } : {}) });
      }
      // Some visits switch language halfway.
      if (rnd(6) === 0)
        ev({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'tap', language: 'es' });
    }
    events.sort((a, b) => (a.day === b.day ? a.hour - b.hour : a.day < b.day ? -1 : 1));
    for (let i = 0; i < events.length; i += 50) {
      const res = await sendEvents(env, events.slice(i, i + 50));
      expect(res.json().rejected).toBe(0);
    }
    // Challenge answers, one correct, one wrong, one in no language.
    const ids = await participationIds(env);
    const choice = (o: string) => ({
      challenge: ids.choice,
      value: String(ids.options[o]),
      resourcetype: 'UserMultipleChoiceChallengeAnswer',
    });
    await answer(env, await signUp(env.app), choice('Bronze'), undefined, { 'x-language': 'en' });
    await answer(env, await signUp(env.app), choice('Steel'), undefined, { 'x-language': 'es' });
    await answer(env, await signUp(env.app), choice('Steel'));

    const incremental = await snapshot(env);
    expect(incremental.insight_daily!.length).toBeGreaterThan(20);
    expect(incremental.insight_daily_stops!.length).toBeGreaterThan(20);
    expect(incremental.insight_daily_challenges!.length).toBe(3);
    // Entries were counted on both paths (visits by entry, stop openings by entry).
    const sum = (t: string, c: string) =>
      incremental[t]!.reduce((n, r) => n + Number((JSON.parse(r) as Record<string, number>)[c]), 0);
    for (const c of ['e_sign', 'e_link', 'e_list', 'e_search', 'e_map'])
      expect(sum('insight_daily', c)).toBeGreaterThan(0);
    for (const c of ['e_sign', 'e_link', 'e_keypad', 'e_location', 'e_guide'])
      expect(sum('insight_daily_stops', c)).toBeGreaterThan(0);
    await rebuildRollups(env.handle.db);
    expect(await snapshot(env)).toEqual(incremental);
  });
});
