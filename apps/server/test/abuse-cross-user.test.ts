import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { signIn, signUp, TEST_PASSWORD, type SignedUp } from './auth-helpers.js';
import {
  answer,
  answerRows,
  call,
  participationIds,
  type HuntIds,
} from './participation-helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// The abuse suite (docs/scale-out.md §5): one user reads or changes nothing of another's —
// answers, awards, subscriptions, account, sessions, photo files, and a publisher nothing of
// another organisation's drafts, media, exports, previews or insights. Two real signed-up users.

let env: TestEnv;
let ids: HuntIds;
let w: StudioWorld;
let ann: SignedUp;
let bob: SignedUp;
let annAnswer: number;
let annPhoto: string;
let annAward: number;
let annSubscription: number;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
  ids = await participationIds(env);
  w = await makeStudioWorld(env);
  ann = await signUp(env.app, { name: 'Ann Owner' });
  bob = await signUp(env.app, { name: 'Bob Other' });

  const text = await answer(env, ann, {
    challenge: ids.text,
    value: 'stone',
    resourcetype: 'UserTextChallengeAnswer',
  });
  expect(text.statusCode).toBe(201);
  annAnswer = text.json<{ id: number }>().id;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const photo = await answer(env, ann, {
    challenge: ids.photo,
    value: `data:image/png;base64,${png.toString('base64')}`,
    resourcetype: 'UserPhotoChallengeAnswer',
  });
  expect(photo.statusCode, photo.body).toBe(201);
  annPhoto = photo.json<{ value: string }>().value;

  const visit = await call(env, ann, {
    method: 'POST',
    url: '/api/v1/visit_poi/',
    payload: { guide_token: 'mini-walk', poi_token: 'mini-one' },
  });
  expect(visit.statusCode).toBe(201);
  annAward = visit.json<{ awards: { award: { id: number } }[] }>().awards[0]!.award.id;
  const sub = await call(env, ann, {
    method: 'POST',
    url: '/api/v1/guides_by_token/mini-walk/subscribe/',
  });
  expect(sub.statusCode).toBe(204);
  annSubscription = (await call(env, ann, { url: '/api/v1/subscriptions' })).json<
    { id: number }[]
  >()[0]!.id;
});
afterAll(() => env.close());

const get = (who: SignedUp, url: string) => call(env, who, { url });

describe("answers: another's are never read or changed", () => {
  it('lists only the caller’s own answers under every filter', async () => {
    for (const url of [
      '/api/v1/user_answers',
      `/api/v1/user_answers?challenge=${ids.text}`,
      `/api/v1/user_answers?challenge__scavenger_hunt=${ids.hunt}`,
    ]) {
      const res = await get(bob, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
      expect((await get(ann, url)).json<unknown[]>().length, url).toBeGreaterThan(0);
    }
  });

  it("answers 404 for another's answer by id, as for one that does not exist", async () => {
    const res = await get(bob, `/api/v1/user_answers/${annAnswer}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `No user_answers with id ${annAnswer}` });
  });

  it("changes and deletes nothing of another's answer", async () => {
    const rows = await answerRows(env, ann.user.id);
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await call(env, bob, {
        method,
        url: `/api/v1/user_answers/${annAnswer}/`,
        payload: { value: 'changed by bob' },
      });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, method).toBeLessThan(500);
    }
    expect(await answerRows(env, ann.user.id)).toEqual(rows);
  });

  it('shows correct answers only for challenges the caller answered, not another user', async () => {
    expect((await get(ann, `/api/v1/correct_answers?challenge=${ids.text}`)).json()).not.toEqual(
      [],
    );
    expect((await get(bob, `/api/v1/correct_answers?challenge=${ids.text}`)).json()).toEqual([]);
    expect((await get(bob, '/api/v1/correct_answers')).json()).toEqual([]);
  });

  it("does not take over another's idempotency key", async () => {
    const key = 'ann-key-0001';
    const first = await answer(
      env,
      ann,
      { challenge: ids.number, value: '3', resourcetype: 'UserNumberChallengeAnswer' },
      key,
    );
    expect(first.statusCode).toBe(201);
    const stolen = await answer(
      env,
      bob,
      { challenge: ids.number, value: '3', resourcetype: 'UserNumberChallengeAnswer' },
      key,
    );
    expect(stolen.statusCode).toBe(409);
    expect(JSON.stringify(stolen.json())).not.toContain(String(first.json<{ id: number }>().id));
    expect(await answerRows(env, bob.user.id)).toEqual([]);
  });
});

describe("awards and subscriptions: another's are never read or changed", () => {
  it('lists no award of another, and answers 404 for one by id', async () => {
    expect((await get(bob, '/api/v1/awards')).json()).toEqual([]);
    expect((await get(bob, `/api/v1/awards/${annAward}/`)).statusCode).toBe(404);
    expect((await get(ann, `/api/v1/awards/${annAward}/`)).statusCode).toBe(200);
    const badges = (await get(bob, '/api/v1/badges?guide__token=mini-walk')).json<
      { awarded: unknown }[]
    >();
    expect(badges.map((b) => b.awarded)).toEqual(badges.map(() => null));
  });

  it("writes no award of another's", async () => {
    const mine = (await get(ann, `/api/v1/awards/${annAward}/`)).json();
    for (const [method, url] of [
      ['POST', '/api/v1/awards/'],
      ['PATCH', `/api/v1/awards/${annAward}/`],
      ['DELETE', `/api/v1/awards/${annAward}/`],
    ] as const) {
      const res = await call(env, bob, { method, url, payload: { points: 999 } });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    expect((await get(ann, `/api/v1/awards/${annAward}/`)).json()).toEqual(mine);
  });

  it('lists no subscription of another, and answers 404 for one by id', async () => {
    expect((await get(bob, '/api/v1/subscriptions')).json()).toEqual([]);
    expect((await get(bob, `/api/v1/subscriptions/${annSubscription}/`)).statusCode).toBe(404);
  });
});

describe("accounts and sessions: another's are never read or changed", () => {
  const session = async (who: SignedUp) =>
    (await call(env, who, { url: '/api/auth/get-session' })).json<{
      user: { id: string; name: string; email: string };
    } | null>();

  it("updates only the caller's own name, whatever id the body names", async () => {
    const res = await call(env, bob, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { name: 'Bob Renamed', id: ann.user.id, userId: ann.user.id },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect((await session(ann))?.user.name).toBe('Ann Owner');
  });

  it("lists only the caller's own sessions and cannot revoke another's", async () => {
    const listed = await call(env, bob, { url: '/api/auth/list-sessions' });
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<{ userId: string; token?: string }[]>();
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.userId).toBe(bob.user.id);
    expect(listed.body).not.toContain(ann.token.split('.')[0]!);

    const revoke = await call(env, bob, {
      method: 'POST',
      url: '/api/auth/revoke-session',
      payload: { token: ann.token.split('.')[0] },
    });
    expect(revoke.statusCode).toBeLessThan(500);
    expect((await session(ann))?.user.id).toBe(ann.user.id);
  });

  it("cannot change another's password or e-mail", async () => {
    await call(env, bob, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'bob owns ann now',
        userId: ann.user.id,
      },
    });
    await call(env, bob, {
      method: 'POST',
      url: '/api/auth/change-email',
      payload: { newEmail: 'stolen@example.test', userId: ann.user.id },
    });
    expect((await signIn(env.app, ann.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await session(ann))?.user.email).toBe(ann.user.email);
  });

  it("unregister deletes the caller only: the other's account, answers, award and photo stay", async () => {
    const carl = await signUp(env.app, { name: 'Carl Leaving' });
    const before = await answerRows(env, ann.user.id);
    const res = await call(env, carl, {
      method: 'POST',
      url: '/api/v1/unregister/',
      payload: { user: ann.user.id },
    });
    expect(res.statusCode).toBe(204);
    expect(await answerRows(env, ann.user.id)).toEqual(before);
    expect((await get(ann, `/api/v1/awards/${annAward}/`)).statusCode).toBe(200);
    expect((await env.app.inject({ url: annPhoto })).statusCode).toBe(200);
    expect((await signIn(env.app, ann.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("shows another's photo file name in nothing the other user can read", async () => {
    const name = annPhoto
      .split('/')
      .pop()!
      .replace(/\.jpg$/, '');
    for (const url of [
      '/api/v1/user_answers',
      '/api/v1/awards',
      `/api/v1/challenges?scavenger_hunt=${ids.hunt}`,
      `/api/v1/correct_answers?challenge=${ids.photo}`,
      '/api/auth/get-session',
    ])
      expect((await get(bob, url)).body, url).not.toContain(name);
    expect((await env.app.inject({ url: '/static/answers/' })).statusCode).toBe(404);
  });
});

describe("studio: a publisher reads and changes nothing of another organisation's", () => {
  const draftOf = async (token: string) =>
    (await call(env, w.publisherA, { url: `/api/v1/studio/guides/${token}/draft` })).json<{
      revision: number;
      document: { guide: { title: string } };
    }>();

  it("answers 404 to every read of another organisation's guide, and leaks no title", async () => {
    const draft = await draftOf(w.orgA.guide);
    const title = draft.document.guide.title;
    for (const path of ['draft', 'versions', 'export', `insights?from=2026-01-01&to=2026-01-31`]) {
      const res = await get(w.publisherB, `/api/v1/studio/guides/${w.orgA.guide}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain(title);
    }
    const list = await get(w.publisherB, `/api/v1/studio/guides?organisation=${w.orgA.id}`);
    expect(list.statusCode).toBe(404);
    for (const url of [
      `/api/v1/studio/organisations/${w.orgA.id}/members`,
      `/api/v1/studio/organisations/${w.orgA.id}/invitations`,
    ])
      expect((await get(w.publisherB, url)).statusCode, url).toBeGreaterThanOrEqual(403);
  });

  it("changes nothing of another organisation's draft, versions, previews or media", async () => {
    const draft = await draftOf(w.orgA.guide);
    const token = w.orgA.guide;
    const writes: [string, string, unknown][] = [
      [
        'PUT',
        `/api/v1/studio/guides/${token}/draft`,
        { revision: draft.revision, document: draft.document },
      ],
      ['POST', `/api/v1/studio/guides/${token}/publish`, { revision: draft.revision }],
      ['POST', `/api/v1/studio/guides/${token}/preview`, {}],
      ['POST', `/api/v1/studio/guides/${token}/versions/1/restore`, { revision: draft.revision }],
      [
        'POST',
        `/api/v1/studio/organisations/${w.orgA.id}/invitations`,
        { email: 'x@example.test' },
      ],
      [
        'DELETE',
        `/api/v1/studio/organisations/${w.orgA.id}/members/${w.publisherA.user.id}`,
        undefined,
      ],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(env, w.publisherB, {
        method: method as 'PUT',
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(403);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    const media = await call(env, w.publisherB, {
      method: 'POST',
      url: `/api/v1/studio/guides/${token}/media?name=x.jpg`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(media.statusCode).toBe(404);
    expect(await draftOf(token)).toEqual(draft);
    // Still a member: the DELETE above removed no one.
    expect((await get(w.publisherA, `/api/v1/studio/guides/${token}/draft`)).statusCode).toBe(200);
  });

  it('cannot import a bundle into another organisation', async () => {
    const res = await call(env, w.publisherB, {
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'latin1'),
    });
    expect(res.statusCode).toBe(404);
  });
});
