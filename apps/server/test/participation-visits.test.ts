import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardChange, VisitPoiResult } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { writeBundle } from './helpers.js';
import type { SignedUp } from './auth-helpers.js';
import {
  call,
  participationEnv,
  signUpUser,
  type ParticipationEnv,
} from './participation-helpers.js';

// docs/decisions/0009: a signed-in user's first visit of a POI gives a point to each badge of its
// guide that counts it; plays and views never do.
let env: ParticipationEnv;
let ann: SignedUp;
let ben: SignedUp;
beforeAll(async () => {
  env = await participationEnv();
  // The fixture's "Explorer" counts every POI; these two count one layer and one POI.
  const bundle = await writeBundle(env.dir, 'more-badges', (b) => {
    b.badges!.push(
      {
        token: 'mini-art-lover',
        name: 'Art Lover',
        visited_item: 'art',
        levels: [{ token: 'mini-art-lover-1', name: 'Fan', required: 1 }],
      },
      {
        token: 'mini-second-fan',
        name: 'Second Fan',
        visited_item: 'mini-two',
        levels: [{ token: 'mini-second-fan-1', name: 'Fan', required: 1 }],
      },
    );
  });
  await importBundle(env.handle, env.media, bundle);
  [ann, ben] = [await signUpUser(env), await signUpUser(env)];
});
afterAll(() => env.close());

const visit = (user: SignedUp | null, poi_token: string, headers = {}) =>
  call(env, user, {
    method: 'POST',
    url: '/api/v1/visit_poi/',
    payload: { guide_token: 'mini-walk', poi_token, language: 'en' },
    headers,
  });
const byBadge = (r: VisitPoiResult) =>
  Object.fromEntries(r.awards.map((a) => [a.badge.token, a] as const));
const summary = (a: AwardChange | undefined) =>
  a && {
    points: [a.points_before, a.points_after],
    levels: [a.level_before?.name ?? null, a.level_after?.name ?? null],
    new_badge: a.new_badge,
    level_up: a.level_up,
    award_points: a.award.points,
  };
const visits = (userId: string) =>
  env.handle.db.selectFrom('poi_visits').selectAll().where('user_id', '=', userId).execute();

describe('POST visit_poi/', () => {
  it("records a visitor's visit for the publisher, as before, and gives no points", async () => {
    const res = await visit(null, 'mini-one');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, counted: false, awards: [] });
    const awards = await env.handle.db.selectFrom('awards').selectAll().execute();
    expect(awards).toEqual([]);
  });

  it('gives a first visit one point per badge that counts the POI, with what to celebrate', async () => {
    const res = await visit(ann, 'mini-one');
    expect(res.statusCode).toBe(201);
    const body = res.json<VisitPoiResult>();
    expect(body.counted).toBe(true);
    const changes = byBadge(body);
    expect(Object.keys(changes).sort()).toEqual(['mini-art-lover', 'mini-explorer']);
    expect(summary(changes['mini-explorer'])).toEqual({
      points: [0, 1],
      levels: [null, 'Bronze'],
      new_badge: true,
      level_up: true,
      award_points: 1,
    });
    expect(changes['mini-explorer']!.badge).toMatchObject({
      name: 'Explorer',
      message: 'You explored!',
    });
    expect(changes['mini-explorer']!.award.badge.token).toBe('mini-explorer');
    const event = await env.handle.db
      .selectFrom('tracking_events')
      .select(['kind', 'user_id'])
      .where('user_id', '=', ann.user.id)
      .execute();
    expect(event).toEqual([{ kind: 'poi-visit', user_id: ann.user.id }]);
  });

  it('gives nothing for a second visit of the same POI', async () => {
    const res = await visit(ann, 'mini-one');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, counted: false, awards: [] });
    expect(await visits(ann.user.id)).toHaveLength(1);
  });

  it('counts only the POIs a badge names: the next stop raises Explorer a level', async () => {
    const changes = byBadge((await visit(ann, 'mini-two')).json<VisitPoiResult>());
    expect(Object.keys(changes).sort()).toEqual(['mini-explorer', 'mini-second-fan']);
    expect(summary(changes['mini-explorer'])).toEqual({
      points: [1, 2],
      levels: ['Bronze', 'Silver'],
      new_badge: false,
      level_up: true,
      award_points: 2,
    });
    expect(changes['mini-second-fan']!.new_badge).toBe(true);
  });

  it('gives points once when several visits of one POI race', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => visit(ben, 'mini-one')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const counted = results.filter((r) => r.json<VisitPoiResult>().counted);
    expect(counted).toHaveLength(1);
    expect(await visits(ben.user.id)).toHaveLength(1);
    const awards = await call(env, ben, { url: '/api/v1/awards' });
    expect(awards.json<{ badge_token: string; points: number }[]>()).toEqual([
      expect.objectContaining({ badge_token: 'mini-explorer', points: 1 }),
      expect.objectContaining({ badge_token: 'mini-art-lover', points: 1 }),
    ]);
  });

  it('never gives points for plays or views', async () => {
    const carl = await signUpUser(env);
    for (const kind of ['play', 'view', 'direct-visit']) {
      const res = await call(env, carl, {
        method: 'POST',
        url: '/api/v1/track_poi/',
        payload: { guide_token: 'mini-walk', poi_token: 'mini-one', kind },
      });
      expect(res.statusCode).toBe(201);
      const asVisit = await call(env, carl, {
        method: 'POST',
        url: '/api/v1/visit_poi/',
        payload: { guide_token: 'mini-walk', poi_token: 'mini-one', kind },
      });
      expect(asVisit.statusCode).toBe(400);
    }
    expect((await call(env, carl, { url: '/api/v1/awards' })).json()).toEqual([]);
    expect(await visits(carl.user.id)).toEqual([]);
  });

  it('refuses a token that no longer works, and answers 404 for a POI of another guide', async () => {
    const stale = await visit(null, 'mini-one', { authorization: 'Bearer not-a-session' });
    expect(stale.statusCode).toBe(401);
    const missing = await call(env, ann, {
      method: 'POST',
      url: '/api/v1/visit_poi/',
      payload: { guide_token: 'mini-walk', poi_token: 'nowhere' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No POI "nowhere" in guide "mini-walk"');
  });
});

describe('POST visit_poi/ with an Idempotency-Key', () => {
  const events = (where: { user_id: string | null; poi_token: string }) => {
    let q = env.handle.db
      .selectFrom('tracking_events')
      .select('kind')
      .where('kind', '=', 'poi-visit')
      .where('poi_token', '=', where.poi_token);
    q =
      where.user_id === null
        ? q.where('user_id', 'is', null)
        : q.where('user_id', '=', where.user_id);
    return q.execute();
  };
  const points = async (user: SignedUp) =>
    (await call(env, user, { url: '/api/v1/awards' })).json<
      { badge_token: string; points: number }[]
    >();

  it('answers a retry whose reply was lost with the first reply, recording nothing twice', async () => {
    const eve = await signUpUser(env);
    const key = { 'idempotency-key': 'visit-0f3c2a9e-eve-one' };
    const first = await visit(eve, 'mini-one', key);
    expect(first.statusCode).toBe(201);
    expect(first.json<VisitPoiResult>().counted).toBe(true);
    // The app never saw that reply (no signal): it sends the same visit with the same key.
    const again = await visit(eve, 'mini-one', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await events({ user_id: eve.user.id, poi_token: 'mini-one' })).toHaveLength(1);
    expect(await visits(eve.user.id)).toHaveLength(1);
    expect((await points(eve)).map((a) => [a.badge_token, a.points])).toEqual([
      ['mini-explorer', 1],
      ['mini-art-lover', 1],
    ]);
    // A new key is a new visit: recorded for the publisher, still no second point.
    const later = await visit(eve, 'mini-one', { 'idempotency-key': 'visit-0f3c2a9e-eve-two' });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({ ok: true, counted: false, awards: [] });
    expect(await events({ user_id: eve.user.id, poi_token: 'mini-one' })).toHaveLength(2);
    expect((await points(eve)).map((a) => a.points)).toEqual([1, 1]);
  });

  it('counts a key once when its retries race', async () => {
    const fay = await signUpUser(env);
    const key = { 'idempotency-key': 'visit-race-fay-0001' };
    const results = await Promise.all(Array.from({ length: 6 }, () => visit(fay, 'mini-two', key)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
    expect(await events({ user_id: fay.user.id, poi_token: 'mini-two' })).toHaveLength(1);
    expect((await points(fay)).map((a) => [a.badge_token, a.points])).toEqual([
      ['mini-explorer', 1],
      ['mini-second-fan', 1],
    ]);
  });

  it("keeps a visitor's replay to one record too", async () => {
    const key = { 'idempotency-key': 'visit-anonymous-0002' };
    const before = (await events({ user_id: null, poi_token: 'mini-two' })).length;
    expect((await visit(null, 'mini-two', key)).statusCode).toBe(201);
    const again = await visit(null, 'mini-two', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, counted: false, awards: [] });
    expect(await events({ user_id: null, poi_token: 'mini-two' })).toHaveLength(before + 1);
  });

  it('refuses a key used for another visit or by another user, and a malformed key', async () => {
    const gil = await signUpUser(env);
    const key = { 'idempotency-key': 'visit-gil-0000001' };
    expect((await visit(gil, 'mini-one', key)).statusCode).toBe(201);
    for (const [user, poi] of [
      [gil, 'mini-two'],
      [ann, 'mini-one'],
      [null, 'mini-one'],
    ] as const) {
      const res = await visit(user, poi, key);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This Idempotency-Key was already used for another visit');
    }
    expect(await events({ user_id: gil.user.id, poi_token: 'mini-two' })).toEqual([]);
    const bad = await visit(gil, 'mini-two', { 'idempotency-key': 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(await visits(gil.user.id)).toHaveLength(1);
  });
});

describe('GET awards and badges', () => {
  it('answers 401 to a visitor', async () => {
    for (const url of ['/api/v1/awards', '/api/v1/awards/1/']) {
      const res = await call(env, null, { url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Sign in required');
    }
  });

  it('gives each user their own awards only, the image of the level shown', async () => {
    const mine = (await call(env, ann, { url: '/api/v1/awards' })).json<
      { id: number; badge_token: string; points: number; image: string | null; state: string }[]
    >();
    expect(mine.map((a) => [a.badge_token, a.points])).toEqual([
      ['mini-explorer', 2],
      ['mini-art-lover', 1],
      ['mini-second-fan', 1],
    ]);
    // Silver (2 points) has no picture of its own: the badge's is shown.
    const badges = (await call(env, null, { url: '/api/v1/badges?guide__token=mini-walk' })).json<
      { token: string; image: string }[]
    >();
    expect(mine[0]!.image).toBe(badges.find((b) => b.token === 'mini-explorer')!.image);
    expect(mine[0]!.image).toMatch(/^\/static\/tours\/\d+\/media\/a\.jpg\?v=/);
    expect(mine[0]!.state).toBe('created');
    const bens = (await call(env, ben, { url: '/api/v1/awards' })).json<{ id: number }[]>();
    expect(bens.map((a) => a.id)).not.toContain(mine[0]!.id);

    const one = await call(env, ann, { url: `/api/v1/awards/${mine[0]!.id}/` });
    expect(one.json()).toEqual(mine[0]);
    const theirs = await call(env, ben, { url: `/api/v1/awards/${mine[0]!.id}/` });
    expect(theirs.statusCode).toBe(404);
  });

  it('filters awards by badge and by guide token', async () => {
    const all = (await call(env, ann, { url: '/api/v1/awards' })).json<{ badge_id: number }[]>();
    const q = async (query: string) =>
      (await call(env, ann, { url: `/api/v1/awards?${query}` })).json<unknown[]>().length;
    expect(await q('badge__guide__token=mini-walk')).toBe(3);
    expect(await q('badge__guide__token=elsewhere')).toBe(0);
    expect(await q(`badge=${all[1]!.badge_id}`)).toBe(1);
    const bad = await call(env, ann, { url: '/api/v1/awards?user=2' });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses to write awards: 401 for a visitor, 404 for another's, 405 for one's own", async () => {
    const [first] = (await call(env, ann, { url: '/api/v1/awards' })).json<{ id: number }[]>();
    const url = `/api/v1/awards/${first!.id}/`;
    for (const method of ['PATCH', 'DELETE'] as const) {
      expect((await call(env, null, { method, url })).statusCode).toBe(401);
      expect((await call(env, ben, { method, url })).statusCode).toBe(404);
      const own = await call(env, ann, { method, url, payload: { points: 99 } });
      expect(own.statusCode).toBe(405);
      expect(own.headers.allow).toBe('GET');
      expect(own.json().message).toBe('Awards are earned by visiting POIs, not written');
    }
    const create = { method: 'POST' as const, url: '/api/v1/awards/', payload: { points: 9 } };
    expect((await call(env, null, create)).statusCode).toBe(401);
    expect((await call(env, ann, create)).statusCode).toBe(405);
    const points = await env.handle.db.selectFrom('awards').select('points').execute();
    expect(points.every((p) => p.points <= 2)).toBe(true);
  });

  it('gives badges their "awarded" for a signed-in user, and none to a visitor', async () => {
    const url = '/api/v1/badges?guide__token=mini-walk&contest_type=badge';
    type B = { token: string; awarded?: { points: number } | null };
    const points = (list: B[]) => Object.fromEntries(list.map((b) => [b.token, b.awarded]));
    const visitor = (await call(env, null, { url })).json<B[]>();
    expect(visitor.every((b) => !('awarded' in b))).toBe(true);
    const anns = points((await call(env, ann, { url })).json<B[]>());
    expect(anns['mini-explorer']).toMatchObject({ points: 2, badge_token: 'mini-explorer' });
    expect(anns['mini-second-fan']).toMatchObject({ points: 1 });
    const bens = points((await call(env, ben, { url })).json<B[]>());
    expect(bens['mini-second-fan']).toBeNull();
    // What a signed-in user saw never reaches a visitor through the content cache.
    const again = (await call(env, null, { url })).json<B[]>();
    expect(again).toEqual(visitor);
    const id = visitor.find((b) => b.token === 'mini-explorer') as unknown as { id: number };
    const one = await call(env, ann, { url: `/api/v1/badges/${id.id}/` });
    expect(one.json()).toMatchObject({ awarded: { points: 2 } });
  });
});

describe('unregister', () => {
  it("takes the user's visits and awards with the account", async () => {
    const dan = await signUpUser(env);
    await visit(dan, 'mini-one');
    expect(await visits(dan.user.id)).toHaveLength(1);
    const res = await call(env, dan, { method: 'POST', url: '/api/v1/unregister/' });
    expect(res.statusCode).toBe(204);
    expect(await visits(dan.user.id)).toEqual([]);
    const awards = await env.handle.db
      .selectFrom('awards')
      .selectAll()
      .where('user_id', '=', dan.user.id)
      .execute();
    expect(awards).toEqual([]);
  });
});
