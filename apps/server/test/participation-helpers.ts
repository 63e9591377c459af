import type { InjectOptions } from 'fastify';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { signUp, type SignedUp } from './auth-helpers.js';

/** The fixture guide's challenges by title and its multiple-choice options by text. */
export type HuntIds = {
  photo: number;
  choice: number;
  text: number;
  number: number;
  hunt: number;
  options: Record<string, number>;
};

export type ParticipationEnv = TestEnv & { ids: HuntIds };

let address = 0;
/** Each request from an address of its own: the write limit per address stays out of the way. */
export const nextAddress = () => `10.9.${Math.floor(++address / 250) % 250}.${address % 250}`;

/** A fresh app with the fixture guide imported through the real importer. */
export async function participationEnv(): Promise<ParticipationEnv> {
  const env = await makeEnv();
  await importFixture(env);
  return { ...env, ids: await participationIds(env) };
}

/** The fixture guide's challenge and option ids, read through the API. */
export async function participationIds(env: TestEnv): Promise<HuntIds> {
  const challenges = (
    await env.app.inject({
      url: '/api/v1/challenges?scavenger_hunt__guide__token=mini-walk',
    })
  ).json<{ id: number; title: string; scavenger_hunt: number }[]>();
  const id = (title: string) => challenges.find((c) => c.title === title)!.id;
  const choice = id('What metal?');
  const options = (
    await env.app.inject({ url: `/api/v1/multiple_choice_options?challenge=${choice}` })
  ).json<{ id: number; value: string }[]>();
  return {
    photo: id('Take a photo'),
    choice,
    text: id('Name it'),
    number: id('How many?'),
    hunt: challenges[0]!.scavenger_hunt,
    options: Object.fromEntries(options.map((o) => [o.value, o.id])),
  };
}

/** app.inject as a signed-in user (or a visitor with `null`), from an address of its own. */
export function call(env: TestEnv, user: SignedUp | null, opts: InjectOptions) {
  return env.app.inject({
    remoteAddress: nextAddress(),
    ...opts,
    headers: { ...(user?.headers ?? {}), ...(opts.headers ?? {}) },
  });
}

export const signUpUser = (env: TestEnv) => signUp(env.app);

export type AnswerBody = { challenge: number; value: string; resourcetype: string };

export function answer(
  env: TestEnv,
  user: SignedUp | null,
  body: AnswerBody,
  key?: string,
  headers: Record<string, string> = {},
) {
  return call(env, user, {
    method: 'POST',
    url: '/api/v1/user_answers/',
    payload: body,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/** Rows of user_answers in the database (what the API answers must agree with). */
export async function answerRows(env: TestEnv, userId?: string) {
  let q = env.handle.db.selectFrom('user_answers').selectAll();
  if (userId) q = q.where('user_id', '=', userId);
  return q.orderBy('id').execute();
}
