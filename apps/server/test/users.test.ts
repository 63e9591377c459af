import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { TEST_PASSWORD, signIn, signUp, type SignedUp } from './auth-helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
});
afterAll(() => env.close());

const db = () => env.handle.db;
const post = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url, headers });
const subscribe = (headers: Record<string, string> = {}, token = 'mini-walk') =>
  post(`/api/v1/guides_by_token/${token}/subscribe/`, headers);

async function subscriptionsOf(userId: string) {
  return db()
    .selectFrom('subscriptions')
    .innerJoin('guides', 'guides.id', 'subscriptions.guide_id')
    .select('guides.token')
    .where('user_id', '=', userId)
    .execute();
}

/** An answer and an award for `user`, written through the database layer. */
async function giveAnswerAndAward(user: SignedUp['user']) {
  const challenge = await db()
    .selectFrom('challenges')
    .select('id')
    .where('resourcetype', '=', 'TextChallenge')
    .executeTakeFirstOrThrow();
  const badge = await db().selectFrom('badges').select('id').executeTakeFirstOrThrow();
  await db()
    .insertInto('user_answers')
    .values({
      user_id: user.id,
      challenge_id: challenge.id,
      resourcetype: 'TextAnswer',
      value: 'x',
    })
    .execute();
  await db()
    .insertInto('awards')
    .values({ user_id: user.id, badge_id: badge.id, points: 2 })
    .execute();
}

async function rowsOf(userId: string) {
  const count = async (
    table: 'user_answers' | 'awards' | 'subscriptions' | 'sessions' | 'accounts',
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const users = await db().selectFrom('users').select('id').where('id', '=', userId).execute();
  return {
    users: users.length,
    sessions: await count('sessions'),
    accounts: await count('accounts'),
    user_answers: await count('user_answers'),
    awards: await count('awards'),
    subscriptions: await count('subscriptions'),
  };
}

describe('GET auth_providers', () => {
  it('says Google sign-in is off when it is not configured', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/v1/auth_providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false });
  });
});

describe('POST guides_by_token/{token}/subscribe/', () => {
  it('subscribes the signed-in user once, however often it is called', async () => {
    const ada = await signUp(env.app);
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(ada.headers);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await subscriptionsOf(ada.user.id)).toEqual([{ token: 'mini-walk' }]);
  });

  it('answers 404 for an unknown guide and 400 for a malformed token, storing nothing', async () => {
    const ada = await signUp(env.app);
    const unknown = await subscribe(ada.headers, 'no-such-guide');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No guide with token "no-such-guide"');
    expect((await subscribe(ada.headers, 'bad%20token!')).statusCode).toBe(400);
    expect(await subscriptionsOf(ada.user.id)).toEqual([]);
  });

  it('answers 401 to anonymous callers, storing nothing', async () => {
    const before = await db().selectFrom('subscriptions').selectAll().execute();
    const res = await subscribe();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sign in required' });
    expect(await db().selectFrom('subscriptions').selectAll().execute()).toEqual(before);
  });
});

describe('GET subscriptions', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    env.app.inject({ method: 'GET', url, headers });

  it("lists the signed-in user's own subscriptions only; another's is a 404", async () => {
    const ada = await signUp(env.app);
    const bob = await signUp(env.app);
    await subscribe(ada.headers);
    const mine = await get('/api/v1/subscriptions', ada.headers);
    expect(mine.statusCode).toBe(200);
    const [sub] = mine.json<{ id: number; guide: number; guide_token: string }[]>();
    expect(mine.json()).toEqual([
      { id: sub!.id, guide: expect.any(Number), guide_token: 'mini-walk' },
    ]);
    expect(mine.headers['cache-control']).toMatch(/private/);
    expect((await get(`/api/v1/subscriptions/${sub!.id}/`, ada.headers)).json()).toEqual(sub);
    expect((await get('/api/v1/subscriptions', bob.headers)).json()).toEqual([]);
    expect((await get(`/api/v1/subscriptions/${sub!.id}/`, bob.headers)).statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers and 400 to a bad page', async () => {
    const ada = await signUp(env.app);
    expect((await get('/api/v1/subscriptions')).statusCode).toBe(401);
    expect((await get('/api/v1/subscriptions/1/')).statusCode).toBe(401);
    expect((await get('/api/v1/subscriptions?limit=0', ada.headers)).statusCode).toBe(400);
    expect((await get('/api/v1/subscriptions?user=x', ada.headers)).statusCode).toBe(400);
  });
});

describe('POST unregister/', () => {
  it('deletes the account with its sessions, answers, awards and subscriptions', async () => {
    const ada = await signUp(env.app);
    const other = (await signIn(env.app, ada.user.email, TEST_PASSWORD)).headers[
      'set-auth-token'
    ] as string;
    await subscribe(ada.headers);
    await giveAnswerAndAward(ada.user);
    expect(await rowsOf(ada.user.id)).toEqual({
      users: 1,
      sessions: 2,
      accounts: 1,
      user_answers: 1,
      awards: 1,
      subscriptions: 1,
    });

    const res = await post('/api/v1/unregister/', ada.headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowsOf(ada.user.id)).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      user_answers: 0,
      awards: 0,
      subscriptions: 0,
    });
    // Every token of the account is dead, and its password opens nothing.
    for (const headers of [ada.headers, { authorization: `Bearer ${other}` }]) {
      expect((await subscribe(headers)).statusCode).toBe(401);
      expect((await post('/api/v1/unregister/', headers)).statusCode).toBe(401);
    }
    expect((await signIn(env.app, ada.user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it("leaves everyone else's rows alone", async () => {
    const ada = await signUp(env.app);
    const bob = await signUp(env.app);
    for (const u of [ada, bob]) {
      await subscribe(u.headers);
      await giveAnswerAndAward(u.user);
    }
    const bobBefore = await rowsOf(bob.user.id);
    expect((await post('/api/v1/unregister/', ada.headers)).statusCode).toBe(204);
    expect(await rowsOf(bob.user.id)).toEqual(bobBefore);
    expect((await subscribe(bob.headers)).statusCode).toBe(204);
  });

  it("removes the files of the user's photo answers, and only those", async () => {
    const dir = path.join(env.mediaDir, 'answers');
    await mkdir(dir, { recursive: true });
    const challenges = await db()
      .selectFrom('challenges')
      .select(['id', 'resourcetype'])
      .where('resourcetype', 'in', ['PhotoChallenge', 'TextChallenge'])
      .execute();
    const photoChallenge = challenges.find((c) => c.resourcetype === 'PhotoChallenge')!.id;
    const textChallenge = challenges.find((c) => c.resourcetype === 'TextChallenge')!.id;
    const photoOf = async (user: SignedUp, name: string) => {
      const urls = ['', '-medium', '-thumbnail'].map((s) => `/static/answers/${name}${s}.jpg`);
      for (const url of urls) await writeFile(path.join(dir, path.basename(url)), 'jpeg bytes');
      await db()
        .insertInto('user_answers')
        .values({
          user_id: user.user.id,
          challenge_id: photoChallenge,
          resourcetype: 'UserPhotoChallengeAnswer',
          value: urls[0]!,
          value_medium: urls[1]!,
          value_thumbnail: urls[2]!,
        })
        .execute();
    };
    const ada = await signUp(env.app);
    const bob = await signUp(env.app);
    await photoOf(ada, 'ada-photo');
    await photoOf(bob, 'bob-photo');
    // A text answer that names Bob's file is text, not a photo of Ada's.
    await db()
      .insertInto('user_answers')
      .values({
        user_id: ada.user.id,
        challenge_id: textChallenge,
        resourcetype: 'UserTextChallengeAnswer',
        value: '/static/answers/bob-photo.jpg',
      })
      .execute();

    expect((await post('/api/v1/unregister/', ada.headers)).statusCode).toBe(204);
    const left = (await readdir(dir)).filter((f) => /^(ada|bob)-photo/.test(f)).sort();
    expect(left).toEqual(['bob-photo-medium.jpg', 'bob-photo-thumbnail.jpg', 'bob-photo.jpg']);
  });

  it('lets the address register again afterwards, as a new account', async () => {
    const ada = await signUp(env.app);
    await post('/api/v1/unregister/', ada.headers);
    const again = await signUp(env.app, { email: ada.user.email });
    expect(again.user.id).not.toBe(ada.user.id);
    expect(await subscriptionsOf(again.user.id)).toEqual([]);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await post('/api/v1/unregister/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sign in required' });
  });
});

describe('signed-in answers and the response cache', () => {
  const TOUR = '/api/v1/tour-by-token/mini-walk';

  it('marks them private and never serves them to anyone else', async () => {
    const ada = await signUp(env.app);
    const anonymous = await env.app.inject({ method: 'GET', url: TOUR });
    expect(anonymous.headers['cache-control']).toMatch(/public/);
    const signed = await env.app.inject({ method: 'GET', url: TOUR, headers: ada.headers });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('private, no-cache');
    expect(String(signed.headers.vary)).toMatch(/Authorization/);
    expect(signed.headers.etag).toBeUndefined();
    // The anonymous answer that follows is the shared one, not the signed-in one.
    const after = await env.app.inject({ method: 'GET', url: TOUR });
    expect(after.headers.etag).toBe(anonymous.headers.etag);
    expect(after.headers['cache-control']).toMatch(/public/);
  });
});
