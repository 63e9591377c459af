import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSIGHT_VISIT_EVENTS_MAX,
  INSIGHT_VISIT_TOKEN_MS,
  type InsightEvent,
  type InsightsReport,
} from '@earshot/core';
import { buildApp } from '../src/app.js';
import { signUp } from './auth-helpers.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import {
  GUIDE,
  NOW,
  TODAY,
  askVisit,
  getReport,
  insightsWorld,
  sendEvents,
  visit,
  type InsightsWorld,
} from './insights-helpers.js';
import { answer, call, participationIds } from './participation-helpers.js';

// docs/insights.md "Visit tokens": anonymous requests cannot add visits, languages or unlimited
// events to anyone's guide, and the publisher sees what was refused. Each test fails if the hole
// opens again; on SQLite, and on PostgreSQL with DATABASE_URL.

const GUIDE_B = 'insights-b-walk';
const STOP_B = 'insights-b-walk-poi';
const range = { from: '2026-11-19', to: TODAY };
let clock = NOW;

/** An event of GUIDE_B with an invented visit id, as anyone can write one. */
const invented = (e: Partial<InsightEvent> = {}): InsightEvent =>
  ({
    id: randomUUID(),
    visit_id: randomUUID(),
    guide_token: GUIDE_B,
    kind: 'stop-select',
    poi_token: STOP_B,
    trigger: 'tap',
    language: 'en',
    day: TODAY,
    hour: 10,
    ...e,
  }) as InsightEvent;

async function reportOf(
  env: InsightsWorld,
  guide: string,
  q: { from: string; to: string; language?: string } = range,
): Promise<InsightsReport> {
  const owner = guide === GUIDE_B ? env.publisherB : env.publisherA;
  const res = await getReport(env, owner, q, guide);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InsightsReport>();
}

/** Another node on the same database, with AUTH_SECRET `secret`. */
const appWithSecret = (env: TestEnv, secret: string) =>
  buildApp({
    handle: env.handle,
    mediaDir: env.mediaDir,
    mediaStore: env.media,
    versionCheckMs: 0,
    insightsNow: () => clock,
    auth: { secret },
  });

const tokenOf = async (env: TestEnv, guide: string, visitId?: string) => {
  const res = await askVisit(env, {
    guide_token: guide,
    ...(visitId ? { visit_id: visitId } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ visit_id: string; token: string; expires_at: string; expires_in: number }>();
};

describe('insights: events count only with a visit token the server issued', () => {
  let env: InsightsWorld;
  beforeAll(async () => {
    env = await insightsWorld({ insightsNow: () => clock });
  });
  afterAll(async () => env.close());

  it('issues a token for a published guide only, for the device’s visit or a new one', async () => {
    const made = await tokenOf(env, GUIDE);
    expect(made.visit_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(made.expires_in).toBe(INSIGHT_VISIT_TOKEN_MS / 1000);
    expect(made.expires_at).toBe(new Date(NOW.getTime() + INSIGHT_VISIT_TOKEN_MS).toISOString());
    const mine = randomUUID();
    expect((await tokenOf(env, GUIDE, mine)).visit_id).toBe(mine);

    const preview = await call(env, env.publisherA, {
      method: 'POST',
      url: `/api/v1/studio/guides/${GUIDE}/preview`,
    });
    expect(preview.statusCode).toBe(201);
    for (const guide_token of ['no-such-guide', preview.json<{ token: string }>().token]) {
      const res = await askVisit(env, { guide_token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
    for (const body of [{}, { guide_token: GUIDE, visit_id: 'mine' }, { guide_token: 'a b' }]) {
      const res = await askVisit(env, body as { guide_token: string });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('adds no visit for the probe’s attack: 10 anonymous requests of 50 events with invented visit ids', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await sendEvents(
        env,
        Array.from({ length: 50 }, () => invented()),
        { raw: true },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 0, duplicates: 0, rejected: 50 });
    }
    // Three tokens asked for, then used on 500 more invented visits: still none.
    const issued = await Promise.all([1, 2, 3].map(() => tokenOf(env, GUIDE_B)));
    for (let i = 0; i < 10; i++) {
      const events = Array.from({ length: 50 }, (_, k) =>
        invented({ visit_token: issued[k % 3]!.token }),
      );
      expect((await sendEvents(env, events, { raw: true })).json()).toMatchObject({
        accepted: 0,
        rejected: 50,
      });
    }
    let r = await reportOf(env, GUIDE_B);
    expect(r.current.totals.visits).toBe(0);
    expect(r.current.stops[0]).toMatchObject({ visits: 0, triggers: { tap: 0 } });
    expect(r.refused).toEqual({
      total: 1000,
      bad_token: 1000,
      over_limit: 0,
      unknown_stop: 0,
      out_of_range: 0,
    });
    // The issued tokens with their own visits: exactly the visits they allow.
    for (const t of issued) {
      const events = Array.from({ length: 50 }, () =>
        invented({ visit_id: t.visit_id, visit_token: t.token }),
      );
      expect((await sendEvents(env, events, { raw: true })).json()).toEqual({
        accepted: 50,
        duplicates: 0,
        rejected: 0,
      });
    }
    r = await reportOf(env, GUIDE_B);
    expect(r.current.totals.visits).toBe(3);
    expect(r.current.stops[0]).toMatchObject({ visits: 3, triggers: { tap: 150 } });
  });

  it('refuses and counts a forged token, a changed expiry, another guide’s or visit’s, another server’s', async () => {
    const a = await tokenOf(env, GUIDE);
    const b = await tokenOf(env, GUIDE);
    const other = await tokenOf(env, GUIDE_B);
    const [exp, sig] = a.token.split('.') as [string, string];
    // Another service (another AUTH_SECRET) on the same guide.
    const stranger = await appWithSecret(env, 's'.repeat(40));
    const foreign = await tokenOf({ ...env, app: stranger }, GUIDE, a.visit_id);
    await stranger.close();
    const ev = (visit_token: string | undefined, visit_id = a.visit_id) =>
      ({
        id: randomUUID(),
        visit_id,
        guide_token: GUIDE,
        kind: 'preload',
        language: 'en',
        day: TODAY,
        hour: 11,
        ...(visit_token === undefined ? {} : { visit_token }),
      }) as InsightEvent;
    const before = (await reportOf(env, GUIDE)).refused.bad_token;
    const bad = [
      ev(undefined),
      ev(''),
      ev(`${exp}.${'A'.repeat(43)}`),
      ev(`${Number(exp) + 3600}.${sig}`),
      ev(`${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      ev(b.token), // another visit's token
      ev(other.token, other.visit_id), // another guide's token and visit
      ev(foreign.token), // signed with another secret
    ];
    const res = await sendEvents(env, bad, { raw: true });
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0, rejected: bad.length });
    expect((await reportOf(env, GUIDE)).refused.bad_token).toBe(before + bad.length);
    expect(
      await env.handle.db
        .selectFrom('insight_events')
        .select('id')
        .where(
          'id',
          'in',
          bad.map((e) => e.id),
        )
        .execute(),
    ).toEqual([]);
    // The right one goes in.
    expect((await sendEvents(env, [ev(a.token)], { raw: true })).json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 0,
    });
  });

  it('accepts a token on every node that shares AUTH_SECRET', async () => {
    const secret = 'n'.repeat(40);
    const [one, two] = [await appWithSecret(env, secret), await appWithSecret(env, secret)];
    try {
      const t = await tokenOf({ ...env, app: one }, GUIDE);
      const res = await two.inject({
        method: 'POST',
        url: '/api/v1/insights/events/',
        payload: {
          events: [
            {
              id: randomUUID(),
              visit_id: t.visit_id,
              guide_token: GUIDE,
              kind: 'guide-open',
              language: 'en',
              day: TODAY,
              hour: 9,
              visit_token: t.token,
            },
          ],
        },
      });
      expect(res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: 0 });
      // This app's own secret is another: the token is not its.
      const mine = await sendEvents(
        env,
        [
          {
            ...invented(),
            guide_token: GUIDE,
            poi_token: 'mini-one',
            visit_id: t.visit_id,
            visit_token: t.token,
          },
        ],
        { raw: true },
      );
      expect(mine.json()).toMatchObject({ accepted: 0, rejected: 1 });
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('does not keep or count an expired token’s events: it names the visit to renew, which stays one visit', async () => {
    const day = '2026-11-22';
    const first = await tokenOf(env, GUIDE);
    const v = visit({ day, hour: 8 });
    const ev = (e: Parameters<typeof v>[0], token: string) => ({
      ...v(e),
      visit_id: first.visit_id,
      visit_token: token,
    });
    expect(
      (await sendEvents(env, [ev({ kind: 'guide-open' }, first.token)], { raw: true })).json(),
    ).toEqual({ accepted: 1, duplicates: 0, rejected: 0 });
    const refusedBefore = (await reportOf(env, GUIDE)).refused;
    clock = new Date(NOW.getTime() + INSIGHT_VISIT_TOKEN_MS + 1000);
    try {
      const late = [
        ev({ kind: 'stop-select', poi_token: 'mini-one', trigger: 'tap' }, first.token),
        ev({ kind: 'preload' }, first.token),
      ];
      expect((await sendEvents(env, late, { raw: true })).json()).toEqual({
        accepted: 0,
        duplicates: 0,
        rejected: 0,
        renew: [first.visit_id],
      });
      expect((await reportOf(env, GUIDE)).refused).toEqual(refusedBefore);
      // Asked again for the same visit: its events go in, and it is still one visit.
      const again = await tokenOf(env, GUIDE, first.visit_id);
      expect(again.visit_id).toBe(first.visit_id);
      const resent = late.map((e) => ({ ...e, visit_token: again.token }));
      expect((await sendEvents(env, resent, { raw: true })).json()).toEqual({
        accepted: 2,
        duplicates: 0,
        rejected: 0,
      });
      const r = await reportOf(env, GUIDE, { from: day, to: day });
      expect(r.current.totals).toMatchObject({ visits: 1, preloads: 1 });
    } finally {
      clock = NOW;
    }
  });

  it('counts a visit opened offline on its own day and hour when its token is asked later', async () => {
    // The device made the visit id two days ago without signal; online today it asks.
    const v = visit({ day: '2026-11-23', hour: 7 });
    const open = v({ kind: 'guide-open' });
    const t = await tokenOf(env, GUIDE, open.visit_id);
    const events = [open, v({ kind: 'audio-start', poi_token: 'mini-two', trigger: 'tap' })].map(
      (e) => ({ ...e, visit_token: t.token }),
    );
    expect((await sendEvents(env, events, { raw: true })).json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: 0,
    });
    const r = await reportOf(env, GUIDE, { from: '2026-11-23', to: '2026-11-23' });
    expect(r.current.totals).toMatchObject({ visits: 1, listeners: 1 });
    expect(r.current.hours[7]).toBe(1);
  });
});

describe('insights: a visit’s events are limited', () => {
  let env: InsightsWorld;
  beforeAll(async () => {
    env = await insightsWorld();
  });
  afterAll(async () => env.close());

  it(`keeps at most ${INSIGHT_VISIT_EVENTS_MAX} events of one visit and counts the rest refused`, async () => {
    const t = await tokenOf(env, GUIDE);
    const ev = (i: number) =>
      ({
        id: randomUUID(),
        visit_id: t.visit_id,
        guide_token: GUIDE,
        kind: 'stop-select',
        poi_token: i % 2 ? 'mini-one' : 'mini-two',
        trigger: 'keypad',
        language: 'en',
        day: TODAY,
        hour: 12,
        visit_token: t.token,
      }) as InsightEvent;
    const events = Array.from({ length: INSIGHT_VISIT_EVENTS_MAX + 30 }, (_, i) => ev(i));
    const batches = [];
    for (let i = 0; i < events.length; i += 50) batches.push(events.slice(i, i + 50));
    let accepted = 0;
    let rejected = 0;
    // The last batches race each other: the visit's row is counted under its lock.
    const last = batches.splice(-3);
    for (const b of batches) {
      const r = (await sendEvents(env, b, { raw: true })).json<Record<string, number>>();
      accepted += r.accepted!;
      rejected += r.rejected!;
    }
    for (const res of await Promise.all(last.map((b) => sendEvents(env, b, { raw: true })))) {
      const r = res.json<Record<string, number>>();
      accepted += r.accepted!;
      rejected += r.rejected!;
    }
    expect([accepted, rejected]).toEqual([INSIGHT_VISIT_EVENTS_MAX, 30]);
    // A resent event already counted is a duplicate, not over the limit.
    expect((await sendEvents(env, events.slice(0, 5), { raw: true })).json()).toEqual({
      accepted: 0,
      duplicates: 5,
      rejected: 0,
    });
    const r = await reportOf(env, GUIDE);
    expect(r.refused).toMatchObject({ total: 30, over_limit: 30 });
    expect(r.current.totals.visits).toBe(1);
    const keypad = r.current.stops.reduce((n, s) => n + s.triggers.keypad, 0);
    expect(keypad).toBe(INSIGHT_VISIT_EVENTS_MAX);
    // Another visit is not held back by it.
    const other = visit();
    expect((await sendEvents(env, [other({ kind: 'guide-open' })])).json()).toMatchObject({
      accepted: 1,
    });
  }, 60_000);
});

describe('insights: the languages a guide counts', () => {
  let env: InsightsWorld;
  beforeAll(async () => {
    env = await insightsWorld();
  });
  afterAll(async () => env.close());

  it('folds any language the guide does not have into "other": 21 requests of random languages', async () => {
    let seed = 11;
    const rnd = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const code = (): string => {
      const c =
        Array.from({ length: 2 + rnd(2) }, () => letters[rnd(26)]).join('') +
        (rnd(2) ? `-${letters[rnd(26)]!.toUpperCase()}${letters[rnd(26)]!.toUpperCase()}` : '');
      return ['en', 'es'].includes(c) ? code() : c;
    };
    for (let i = 0; i < 21; i++) {
      const v = visit();
      const events = Array.from({ length: 50 }, () => v({ kind: 'preload', language: code() }));
      expect((await sendEvents(env, events)).json()).toMatchObject({ accepted: 50, rejected: 0 });
    }
    // The guide's own languages are kept.
    const es = visit();
    expect((await sendEvents(env, [es({ kind: 'guide-open', language: 'es' })])).json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 0,
    });
    const r = await reportOf(env, GUIDE);
    expect(r.languages).toEqual(['en', 'es', 'other']);
    expect(r.current.totals).toMatchObject({ visits: 22, preloads: 1050 });
    const other = await reportOf(env, GUIDE, { ...range, language: 'other' });
    expect(other.current.totals).toMatchObject({ visits: 21, preloads: 1050 });
    expect((await reportOf(env, GUIDE, { ...range, language: 'es' })).current.totals.visits).toBe(
      1,
    );
    const stored = await env.handle.db
      .selectFrom('insight_events')
      .select('language')
      .distinct()
      .execute();
    expect(stored.map((s) => s.language).sort()).toEqual(['es', 'other']);
    const rolled = await env.handle.db
      .selectFrom('insight_daily')
      .select('language')
      .distinct()
      .execute();
    expect(rolled.map((s) => s.language).sort()).toEqual(['*', 'es', 'other']);
  }, 30_000);

  it('folds a challenge answer’s X-Language the same way', async () => {
    const ids = await participationIds(env);
    const res = await answer(
      env,
      await signUp(env.app),
      { challenge: ids.text, value: 'stone', resourcetype: 'UserTextChallengeAnswer' },
      undefined,
      { 'x-language': 'zz' },
    );
    expect(res.statusCode).toBe(201);
    const row = await env.handle.db
      .selectFrom('insight_events')
      .select('language')
      .where('kind', '=', 'challenge-answer')
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('other');
    expect((await reportOf(env, GUIDE)).languages).toEqual(['en', 'es', 'other']);
  });
});

describe('insights: the publisher sees what was refused', () => {
  let env: InsightsWorld;
  beforeAll(async () => {
    env = await insightsWorld();
  });
  afterAll(async () => env.close());

  it('counts refused events by reason, per guide and day, and none for a guide not published', async () => {
    const v = visit();
    const res = await sendEvents(env, [
      v({ kind: 'guide-open' }),
      v({ kind: 'stop-select', poi_token: 'no-such-stop', trigger: 'tap' }),
      v({ kind: 'preload', day: '2025-10-20' }), // 401 days back
      v({ kind: 'preload', day: '2026-11-27' }), // two days ahead
      { ...v({ kind: 'preload' }), visit_token: 'forged' },
      v({ kind: 'guide-open', guide_token: 'no-such-guide' }),
    ]);
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: 5 });
    const r = await reportOf(env, GUIDE);
    expect(r.refused).toEqual({
      total: 4,
      bad_token: 1,
      over_limit: 0,
      unknown_stop: 1,
      out_of_range: 2,
    });
    // Each on its own day (today for a day outside the window): a range without today has
    // none; one dated earlier counts there.
    const before = await reportOf(env, GUIDE, { from: '2026-11-01', to: '2026-11-24' });
    expect(before.refused.total).toBe(0);
    const early = visit({ day: '2026-11-20' });
    await sendEvents(env, [{ ...early({ kind: 'preload' }), visit_token: 'forged' }]);
    const on20 = await reportOf(env, GUIDE, { from: '2026-11-20', to: '2026-11-20' });
    expect(on20.refused).toMatchObject({ total: 1, bad_token: 1 });
    // Another organisation's guide has its own counts (none here); junk naming no published
    // guide adds no row at all.
    expect((await reportOf(env, GUIDE_B)).refused.total).toBe(0);
    const rows = await env.handle.db.selectFrom('insight_daily_refused').selectAll().execute();
    expect(rows.map((row) => [row.guide_token, row.day]).sort()).toEqual([
      [GUIDE, '2026-11-20'],
      [GUIDE, TODAY],
    ]);
  });
});

describe('insights: visit tokens are rate-limited per address', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await makeEnv({ writesPerMinute: 3, insightsNow: () => NOW });
    await importFixture(env);
  });
  afterAll(async () => env.close());

  it('answers 429 past the limit of public writes, as the other anonymous writes', async () => {
    const codes = [];
    for (let n = 0; n < 4; n++)
      codes.push(
        (
          await env.app.inject({
            method: 'POST',
            url: '/api/v1/insights/visits/',
            payload: { guide_token: GUIDE },
            remoteAddress: '198.51.100.10',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
