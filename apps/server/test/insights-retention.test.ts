import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@earshot/core';
import { buildApp } from '../src/app.js';
import {
  NOW,
  TODAY,
  insightsWorld,
  report,
  sendEvents,
  visit,
  type InsightsWorld,
} from './insights-helpers.js';

/**
 * Raw events older than INSIGHTS_RETENTION_DAYS are deleted at start and hourly; the daily
 * roll-ups, which hold counts only, stay (docs/insights.md).
 */
describe('insights: retention of raw events', () => {
  let env: InsightsWorld;
  const countEvents = async () =>
    Number(
      (
        await env.handle.db
          .selectFrom('insight_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    env = await insightsWorld({ insightsRetentionDays: 30 });
  });
  afterAll(async () => env.close());

  it('deletes raw events older than the setting at start, and the figures stay', async () => {
    const old = visit({ day: addDays(TODAY, -31) });
    const edge = visit({ day: addDays(TODAY, -30) });
    const recent = visit({ day: TODAY });
    const res = await sendEvents(env, [
      old({ kind: 'guide-open' }),
      old({ kind: 'audio-start', poi_token: 'mini-one', trigger: 'tap' }),
      edge({ kind: 'guide-open' }),
      recent({ kind: 'guide-open' }),
    ]);
    expect(res.json()).toEqual({ accepted: 4, duplicates: 0, rejected: 0 });
    expect(await countEvents()).toBe(4);
    const range = { from: addDays(TODAY, -40), to: TODAY };
    const before = await report(env, range);
    expect(before.current.totals).toMatchObject({ visits: 3, listeners: 1 });

    // A restart of the server (a second app on the same database) sweeps at start.
    const restarted = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      versionCheckMs: 0,
      insightsRetentionDays: 30,
      insightsNow: () => NOW,
    });
    await restarted.ready();
    await restarted.close();
    expect(await countEvents()).toBe(2);
    const kept = await env.handle.db.selectFrom('insight_events').select('day').execute();
    expect(kept.map((r) => r.day).sort()).toEqual([addDays(TODAY, -30), TODAY]);
    expect((await report(env, range)).current).toEqual(before.current);
  });

  it('runs on demand through app.jobs, as its timer would', async () => {
    // Every background job of the app is there by name (plugins/periodic-job.ts).
    expect(env.app.jobs.names()).toEqual([
      'shared limits sweep',
      'insights retention sweep',
      'preview sweep',
      'media pool sweep',
    ]);
    const before = await countEvents();
    const old = visit({ day: addDays(TODAY, -45) });
    expect((await sendEvents(env, [old({ kind: 'guide-open' })])).json().accepted).toBe(1);
    expect(await countEvents()).toBe(before + 1);
    await env.app.jobs.run('insights retention sweep');
    expect(await countEvents()).toBe(before);
  });

  it('deletes them on a timer while the server runs', async () => {
    const ticking = await insightsWorld({ insightsRetentionDays: 30, insightsSweepMs: 100 });
    try {
      const count = async () =>
        Number(
          (
            await ticking.handle.db
              .selectFrom('insight_events')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const old = visit({ day: addDays(TODAY, -45) });
      // Sent after the start's sweep: only the timer can remove it.
      const res = await sendEvents(ticking, [
        old({ kind: 'guide-open' }),
        old({ kind: 'preload' }),
      ]);
      expect(res.json().accepted).toBe(2);
      let left = await count();
      for (let i = 0; i < 50 && left > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        left = await count();
      }
      expect(left).toBe(0);
      const r = await report(ticking, { from: addDays(TODAY, -50), to: TODAY });
      expect(r.current.totals).toMatchObject({ visits: 1, preloads: 1 });
    } finally {
      await ticking.close();
    }
  });

  it('takes its setting from INSIGHTS_RETENTION_DAYS (default 90)', async () => {
    const { readConfig } = await import('../src/config.js');
    expect(readConfig({}).insightsRetentionDays).toBe(90);
    expect(readConfig({ INSIGHTS_RETENTION_DAYS: '30' }).insightsRetentionDays).toBe(30);
    expect(() => readConfig({ INSIGHTS_RETENTION_DAYS: '0' })).toThrow(
      'Invalid INSIGHTS_RETENTION_DAYS="0": must be at least 1 day',
    );
  });
});
