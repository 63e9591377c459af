import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAnswer } from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import {
  answer,
  answerRows,
  call,
  participationEnv,
  signUpUser,
  type ParticipationEnv,
} from './participation-helpers.js';

let env: ParticipationEnv;
let ann: SignedUp;
let ben: SignedUp;
beforeAll(async () => {
  env = await participationEnv();
  [ann, ben] = [await signUpUser(env), await signUpUser(env)];
});
afterAll(() => env.close());

const TEXT = 'UserTextChallengeAnswer';
const NUMBER = 'UserNumberChallengeAnswer';
const CHOICE = 'UserMultipleChoiceChallengeAnswer';

describe('POST user_answers/', () => {
  it('answers 401 to a visitor, whatever the body, and stores nothing', async () => {
    for (const payload of [{}, { challenge: env.ids.text, value: 'stone', resourcetype: TEXT }]) {
      const res = await call(env, null, { method: 'POST', url: '/api/v1/user_answers/', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Sign in required');
    }
    expect(await answerRows(env)).toEqual([]);
  });

  it.each([
    ['a letter for a number', 'number', 'twelve', NUMBER, 'Answer must be a number'],
    ['a negative number', 'number', '-3', NUMBER, 'Answer must be a number'],
    ['blank text', 'text', '   ', TEXT, 'Answer must not be empty'],
    ['a NUL byte', 'text', 'st\u0000one', TEXT, 'Answer must not hold control characters'],
    [
      'an option text',
      'choice',
      'Bronze',
      CHOICE,
      'Answer must be one of the options of this challenge',
    ],
    [
      'an option of another challenge',
      'choice',
      '999999',
      CHOICE,
      'Answer must be one of the options of this challenge',
    ],
    ['the wrong type', 'number', '3', TEXT, 'This challenge takes a UserNumberChallengeAnswer'],
    [
      'a photo as text',
      'photo',
      'a picture',
      TEXT,
      'This challenge takes a UserPhotoChallengeAnswer',
    ],
  ] as const)('refuses %s with a clear 400', async (_what, key, value, resourcetype, message) => {
    const res = await answer(env, ann, { challenge: env.ids[key], value, resourcetype });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ challenge: 2147483648, value: '1', resourcetype: NUMBER }],
    [{ challenge: 'one', value: '1', resourcetype: NUMBER }],
    [{ challenge: 1, value: 1, resourcetype: NUMBER }],
    [{ challenge: 1, value: '1', resourcetype: 'UserAnswer' }],
    [{ challenge: 1, value: '1', resourcetype: NUMBER, user: 'someone' }],
  ])('refuses a malformed body %j with 400', async (payload) => {
    const res = await call(env, ann, { method: 'POST', url: '/api/v1/user_answers/', payload });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an unknown challenge and a bad Idempotency-Key', async () => {
    const unknown = await answer(env, ann, { challenge: 999999, value: '1', resourcetype: NUMBER });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No challenge with id 999999');
    const body = { challenge: env.ids.number, value: '3', resourcetype: NUMBER };
    const badKey = await answer(env, ann, body, 'no spaces allowed');
    expect(badKey.statusCode).toBe(400);
    expect(await answerRows(env)).toEqual([]);
  });

  it.each([
    ['number, right', 'number', '3', NUMBER, true],
    ['text, right whatever the case and spaces', 'text', '  Stone ', TEXT, true],
    ['multiple choice, wrong', 'choice', 'Steel', CHOICE, false],
  ] as const)('checks a %s answer at once', async (_what, key, typed, resourcetype, correct) => {
    const value = key === 'choice' ? String(env.ids.options[typed]) : typed;
    const res = await answer(env, ann, { challenge: env.ids[key], value, resourcetype });
    expect(res.statusCode).toBe(201);
    const a = res.json<UserAnswer>();
    expect(a).toMatchObject({ challenge: env.ids[key], value, resourcetype, is_checked: true });
    expect(a.is_correct).toBe(correct);
    expect(a.checked_at).not.toBeNull();
    expect(a.value_medium).toBeNull();
  });

  it('reads an option id with leading zeros as that option', async () => {
    const bronze = env.ids.options.Bronze!;
    const res = await answer(env, ben, {
      challenge: env.ids.choice,
      value: `00${bronze}`,
      resourcetype: CHOICE,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ value: String(bronze), is_checked: true, is_correct: true });
  });

  it('keeps one answer per user and challenge, never a second', async () => {
    const again = await answer(env, ann, {
      challenge: env.ids.number,
      value: '4',
      resourcetype: NUMBER,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already answered this challenge');
    const rows = await answerRows(env, ann.user.id);
    expect(rows.filter((r) => r.challenge_id === env.ids.number).map((r) => r.value)).toEqual([
      '3',
    ]);
    // Another user answers the same challenge on their own.
    const bens = await answer(env, ben, {
      challenge: env.ids.number,
      value: '7',
      resourcetype: NUMBER,
    });
    expect(bens.statusCode).toBe(201);
    expect(bens.json().is_correct).toBe(false);
  });
});

describe('Idempotency-Key', () => {
  it('answers the stored answer for the same key, storing it once', async () => {
    const key = randomUUID();
    const body = { challenge: env.ids.text, value: 'granite', resourcetype: TEXT };
    const first = await answer(env, ben, body, key);
    expect(first.statusCode).toBe(201);
    const second = await answer(env, ben, body, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = (await answerRows(env, ben.user.id)).filter(
      (r) => r.challenge_id === env.ids.text,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotency_key).toBe(key);
  });

  it('stores one answer when requests with one key race', async () => {
    const carl = await signUpUser(env);
    const key = randomUUID();
    const body = {
      challenge: env.ids.choice,
      value: String(env.ids.options.Bronze),
      resourcetype: CHOICE,
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => answer(env, carl, body, key)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json<UserAnswer>().id));
    expect(ids.size).toBe(1);
    expect(results[0]!.json<UserAnswer>().is_correct).toBe(true);
    expect(await answerRows(env, carl.user.id)).toHaveLength(1);
  });

  it('refuses a key used for another challenge or by another user', async () => {
    const key = randomUUID();
    const dora = await signUpUser(env);
    const first = await answer(
      env,
      dora,
      { challenge: env.ids.text, value: 'stone', resourcetype: TEXT },
      key,
    );
    expect(first.statusCode).toBe(201);
    const other = await answer(
      env,
      dora,
      { challenge: env.ids.number, value: '3', resourcetype: NUMBER },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was already used for another answer');
    const stolen = await answer(
      env,
      ann,
      { challenge: env.ids.text, value: 'stone', resourcetype: TEXT },
      key,
    );
    expect(stolen.statusCode).toBe(409);
    expect(JSON.stringify(stolen.json())).not.toContain(dora.user.id);
  });
});

describe('GET user_answers', () => {
  it('answers 401 to a visitor', async () => {
    for (const url of ['/api/v1/user_answers?challenge=1', '/api/v1/user_answers/1/']) {
      expect((await call(env, null, { url })).statusCode, url).toBe(401);
    }
  });

  it('gives each user only their own answers, by challenge or hunt', async () => {
    const q = async (user: SignedUp, query: string) =>
      (await call(env, user, { url: `/api/v1/user_answers?${query}` })).json<UserAnswer[]>();
    const all = await q(ann, `challenge__scavenger_hunt=${env.ids.hunt}`);
    expect(all.map((a) => a.challenge).sort()).toEqual(
      [env.ids.number, env.ids.text, env.ids.choice].sort(),
    );
    const mine = await q(ann, `challenge=${env.ids.number}`);
    expect(mine.map((a) => a.value)).toEqual(['3']);
    const bens = await q(ben, `challenge=${env.ids.number}`);
    expect(bens.map((a) => a.value)).toEqual(['7']);
    expect(await q(ann, 'challenge__scavenger_hunt=999999')).toEqual([]);
    const bad = await call(env, ann, { url: '/api/v1/user_answers?user_id=1' });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another user's answer, as for a missing one", async () => {
    const [bens] = (await call(env, ben, { url: '/api/v1/user_answers' })).json<UserAnswer[]>();
    const own = await call(env, ben, { url: `/api/v1/user_answers/${bens!.id}/` });
    expect(own.json()).toEqual(bens);
    const theirs = await call(env, ann, { url: `/api/v1/user_answers/${bens!.id}/` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`No user_answers with id ${bens!.id}`);
  });

  it('never changes or deletes an answer', async () => {
    const [anns] = (await call(env, ann, { url: '/api/v1/user_answers' })).json<UserAnswer[]>();
    const url = `/api/v1/user_answers/${anns!.id}/`;
    for (const method of ['PATCH', 'DELETE'] as const) {
      expect((await call(env, null, { method, url })).statusCode).toBe(401);
      expect((await call(env, ben, { method, url })).statusCode).toBe(404);
      const own = await call(env, ann, { method, url, payload: { value: '12' } });
      expect(own.statusCode).toBe(405);
      expect(own.json().message).toBe('An answer cannot be changed once given');
    }
    const after = await call(env, ann, { url });
    expect(after.json()).toEqual(anns);
  });
});

describe('GET correct_answers', () => {
  it('reveals the correct answers of a challenge only once the caller has answered it', async () => {
    const erin = await signUpUser(env);
    const url = `/api/v1/correct_answers?challenge=${env.ids.text}`;
    expect((await call(env, null, { url })).statusCode).toBe(401);
    expect((await call(env, erin, { url })).json()).toEqual([]);
    expect((await call(env, erin, { url: '/api/v1/correct_answers' })).json()).toEqual([]);
    // Ann has answered it: what she may see, Erin still may not.
    const anns = (await call(env, ann, { url })).json<{ id: number; value: string }[]>();
    expect(anns).toEqual([
      {
        id: anns[0]!.id,
        challenge: env.ids.text,
        is_correct: true,
        resourcetype: 'TextChallenge',
        value: 'stone',
      },
    ]);
    const one = `/api/v1/correct_answers/${anns[0]!.id}/`;
    expect((await call(env, erin, { url: one })).statusCode).toBe(404);

    await answer(env, erin, { challenge: env.ids.text, value: 'marble', resourcetype: TEXT });
    expect((await call(env, erin, { url })).json()).toEqual(anns);
    expect((await call(env, erin, { url: one })).json()).toEqual(anns[0]);
  });

  it('cannot be written', async () => {
    const anns = (await call(env, ann, { url: '/api/v1/correct_answers' })).json<
      { id: number }[]
    >();
    const url = `/api/v1/correct_answers/${anns[0]!.id}/`;
    expect((await call(env, null, { method: 'PATCH', url })).statusCode).toBe(401);
    expect((await call(env, ann, { method: 'PATCH', url, payload: {} })).statusCode).toBe(405);
    expect((await call(env, ann, { method: 'DELETE', url })).statusCode).toBe(405);
    const post = { method: 'POST' as const, url: '/api/v1/correct_answers/', payload: {} };
    expect((await call(env, ann, post)).statusCode).toBe(405);
  });
});
