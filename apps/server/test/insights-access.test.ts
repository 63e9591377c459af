import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUIDE,
  NOW,
  TODAY,
  getReport,
  insightsWorld,
  sendEvents,
  visit,
  visitToken,
  type InsightsWorld,
} from './insights-helpers.js';
import { call } from './participation-helpers.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';

/**
 * Only the guide's organisation and admins read its insights (docs/insights.md, docs/studio.md
 * Roles): everyone else gets the answer a guide that does not exist gets, and learns nothing.
 */
describe('insights: who may read a guide’s report', () => {
  let env: InsightsWorld;
  const range = { from: '2026-11-19', to: TODAY };

  beforeAll(async () => {
    env = await insightsWorld();
    const v = visit();
    await sendEvents(env, [v({ kind: 'guide-open' })]);
  });
  afterAll(async () => env.close());

  it('answers the guide’s publisher and an admin', async () => {
    for (const user of [env.publisherA, env.admin]) {
      const res = await getReport(env, user, range);
      expect(res.statusCode).toBe(200);
      expect(res.json().current.totals.visits).toBe(1);
    }
  });

  it('answers another organisation’s publisher and a signed-in visitor as if nothing existed', async () => {
    const missing = await getReport(env, env.publisherB, range, 'no-such-guide');
    expect(missing.statusCode).toBe(404);
    for (const user of [env.publisherB, env.visitor]) {
      const res = await getReport(env, user, range);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
      expect(res.body).not.toContain('visits');
      // A bad query does not tell them more than a good one (the guard runs first).
      const bad = await getReport(env, user, { from: 'x', to: 'y' });
      expect(bad.statusCode).toBe(404);
      expect(bad.body).toBe(missing.body);
    }
    // Publisher B reads B's guide, and A cannot.
    expect((await getReport(env, env.publisherB, range, env.guideB)).statusCode).toBe(200);
    expect((await getReport(env, env.publisherA, range, env.guideB)).statusCode).toBe(404);
  });

  it('asks anyone without an account to sign in', async () => {
    const res = await getReport(env, null, range);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('visits');
  });

  it('refuses a range it cannot answer, with a message', async () => {
    for (const [query, message] of [
      [{ from: '2026-11-25', to: '2026-11-19' }, 'from must not be after to'],
      [{ from: '2024-11-23', to: '2026-11-25' }, 'from and to are at most 731 days apart'],
    ] as const) {
      const res = await getReport(env, env.publisherA, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const query of [
      { from: '2026-02-30', to: TODAY },
      { from: '2026-11-19' } as never,
      { ...range, language: 'English' },
    ]) {
      expect((await getReport(env, env.publisherA, query)).statusCode).toBe(400);
    }
    // No range: the last 30 days, ending on the server's date.
    const plain = await getReport(env, env.publisherA, {} as never);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().range).toEqual({ from: '2026-10-27', to: TODAY });
    expect(plain.json().current.totals.visits).toBe(1);
  });

  it('answers zeros for a guide never published, titled from its draft, and keeps none of its events', async () => {
    const orgA = await env.handle.db
      .selectFrom('organisations')
      .select('id')
      .where('slug', '=', 'museum-of-sound')
      .executeTakeFirstOrThrow();
    const created = await call(env, env.publisherA, {
      method: 'POST',
      url: '/api/v1/studio/guides',
      payload: {
        organisation_id: orgA.id,
        title: 'Unfinished Walk',
        city: { name: 'Alpha', state: 'AA' },
        token: 'unfinished-walk',
      },
    });
    expect(created.statusCode).toBe(201);
    const v = visit();
    expect(
      (await sendEvents(env, [v({ kind: 'guide-open', guide_token: 'unfinished-walk' })])).json(),
    ).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: 1,
    });
    const res = await getReport(env, env.publisherA, range, 'unfinished-walk');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.guide).toEqual({ token: 'unfinished-walk', title: 'Unfinished Walk' });
    expect(r.current.totals.visits).toBe(0);
    expect(r.current.stops).toEqual([]);
    expect(r.current.days).toHaveLength(7);
    // Publisher B learns nothing of it either.
    expect((await getReport(env, env.publisherB, range, 'unfinished-walk')).statusCode).toBe(404);
  });

  it('keeps no event of a preview (a draft opened by its preview link)', async () => {
    const preview = await call(env, env.publisherA, {
      method: 'POST',
      url: '/api/v1/studio/guides/mini-walk/preview',
    });
    expect(preview.statusCode).toBe(201);
    const token = preview.json<{ token: string }>().token;
    const v = visit();
    const res = await sendEvents(env, [
      v({ kind: 'guide-open', guide_token: token }),
      v({ kind: 'preload', guide_token: token }),
    ]);
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0, rejected: 2 });
    const rows = await env.handle.db
      .selectFrom('insight_events')
      .select('guide_token')
      .where('guide_token', '=', token)
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores no user, address or position with an event', async () => {
    const before = await env.handle.db.selectFrom('insight_events').selectAll().execute();
    const v = visit();
    const open = v({ kind: 'guide-open' });
    const visit_token = await visitToken(env, GUIDE, open.visit_id);
    await call(env, env.visitor, {
      method: 'POST',
      url: '/api/v1/insights/events/',
      payload: { events: [{ ...open, visit_token }] },
      remoteAddress: '203.0.113.77',
    });
    const rows = await env.handle.db.selectFrom('insight_events').selectAll().execute();
    expect(rows.length).toBe(before.length + 1);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(env.visitor.user.id);
    expect(text).not.toContain('203.0.113.77');
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'challenge_id',
        'correct',
        'day',
        'entry',
        'guide_token',
        'heard',
        'hour',
        'id',
        'kind',
        'language',
        'poi_token',
        'trigger',
        'visit_id',
      ].sort(),
    );
  });
});

describe('insights: the write limit per address', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await makeEnv({ writesPerMinute: 3, insightsNow: () => NOW });
    await importFixture(env);
  });
  afterAll(async () => env.close());

  it('answers 429 past the limit of public writes, as the other anonymous writes', async () => {
    const v = visit();
    const from = (n: number) =>
      call(env, null, {
        method: 'POST',
        url: '/api/v1/insights/events/',
        payload: { events: [v({ kind: 'preload' })] },
        remoteAddress: '198.51.100.9',
        headers: { 'x-n': String(n) },
      });
    const codes = [];
    for (let n = 0; n < 4; n++) codes.push((await from(n)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
