import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture, type TestEnv } from './helpers.js';
import { bearer, signIn, signUp, TEST_PASSWORD, uniqueEmail } from './auth-helpers.js';
import { nextAddress, participationIds, type HuntIds } from './participation-helpers.js';
import { startMailEnv, type MailEnv } from './support/mail-env.js';
import type { TestSmtpServer } from './support/smtp-server.js';

// The abuse suite (docs/scale-out.md §5): a session stops working after logout, after a
// password reset (every session of the account) and after unregister — for every kind of
// signed-in call, by bearer token and by the session cookie alike.

const PUBLIC_URL = 'https://earshot.example.test';

let smtp: TestSmtpServer;
let env: TestEnv;
let ids: HuntIds;
let mail: MailEnv;
beforeAll(async () => {
  mail = await startMailEnv({ publicUrl: PUBLIC_URL, smtpPass: 'mail secret' });
  ({ env, smtp } = mail);
  await importFixture(env);
  ids = await participationIds(env);
});
afterAll(() => mail.close());

/** A device's hold on the account: its bearer token and the cookie the same answer set. */
type Device = { token: string; cookie: string };
const deviceOf = (res: Awaited<ReturnType<typeof signIn>>): Device => {
  expect(res.statusCode, res.body).toBe(200);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return {
    token: res.headers['set-auth-token'] as string,
    cookie: cookies.map((c) => c.split(';')[0]).join('; '),
  };
};

/** Signed-in calls of every area, each answering 2xx while the session lives. */
const probes = (): InjectOptions[] => [
  { url: '/api/auth/get-session' },
  { url: '/api/v1/user_answers' },
  { url: '/api/v1/awards' },
  { url: '/api/v1/subscriptions' },
  { url: '/api/v1/studio/me' },
  { method: 'POST', url: '/api/v1/guides_by_token/mini-walk/subscribe/' },
];

/** Which probes answered as signed in, by token and by cookie. */
async function alive(device: Device): Promise<string[]> {
  const out: string[] = [];
  for (const probe of probes())
    for (const [how, headers] of [
      ['bearer', bearer(device.token)],
      ['cookie', { cookie: device.cookie, origin: PUBLIC_URL }],
    ] as const) {
      const res = await env.app.inject({ remoteAddress: nextAddress(), ...probe, headers });
      const signedIn =
        probe.url === '/api/auth/get-session'
          ? res.statusCode === 200 && res.body !== 'null'
          : res.statusCode < 300;
      if (signedIn) out.push(`${how} ${probe.method ?? 'GET'} ${probe.url}`);
      else if (probe.url !== '/api/auth/get-session')
        expect(res.statusCode, `${how} ${probe.url}`).toBe(401);
    }
  return out;
}

/** A bearer answer to a text answer: the most a dead session could still try to write. */
const answerWith = (device: Device) =>
  env.app.inject({
    method: 'POST',
    url: '/api/v1/user_answers/',
    remoteAddress: nextAddress(),
    headers: bearer(device.token),
    payload: { challenge: ids.text, value: 'stone', resourcetype: 'UserTextChallengeAnswer' },
  });

async function twoDevices() {
  const email = uniqueEmail('sessions');
  await signUp(env.app, { email });
  const phone = deviceOf(await signIn(env.app, email, TEST_PASSWORD, nextAddress()));
  const laptop = deviceOf(await signIn(env.app, email, TEST_PASSWORD, nextAddress()));
  // Every probe works by bearer; cookies work for better-auth's own calls at least.
  const live = await alive(phone);
  expect(live.filter((p) => p.startsWith('bearer'))).toHaveLength(probes().length);
  expect(live).toContain('cookie GET /api/auth/get-session');
  return { email, phone, laptop };
}

describe('a session ends', () => {
  it('at logout: the device signed out can do nothing signed in; the other device stays', async () => {
    const { phone, laptop } = await twoDevices();
    const out = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer(phone.token),
    });
    expect(out.statusCode).toBe(200);
    expect(await alive(phone)).toEqual([]);
    expect((await answerWith(phone)).statusCode).toBe(401);
    expect((await alive(laptop)).length).toBeGreaterThan(0);
  });

  it('at a password reset by the mailed link: every session of the account', async () => {
    const { email, phone, laptop } = await twoDevices();
    const asked = await env.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const token = /token=([\w-]+)/.exec((await smtp.waitForMail(email)).text)![1]!;
    const reset = await env.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await alive(phone)).toEqual([]);
    expect(await alive(laptop)).toEqual([]);
    expect((await answerWith(laptop)).statusCode).toBe(401);
    // The old password is gone too; the new one makes a session that works.
    expect((await signIn(env.app, email, TEST_PASSWORD, nextAddress())).statusCode).toBe(401);
    const fresh = deviceOf(await signIn(env.app, email, 'a brand new passphrase', nextAddress()));
    expect((await alive(fresh)).length).toBeGreaterThan(0);
  });

  it('at unregister: every session, and the account cannot sign in again', async () => {
    const { email, phone, laptop } = await twoDevices();
    const gone = await env.app.inject({
      method: 'POST',
      url: '/api/v1/unregister/',
      headers: bearer(laptop.token),
    });
    expect(gone.statusCode).toBe(204);
    expect(await alive(phone)).toEqual([]);
    expect(await alive(laptop)).toEqual([]);
    expect((await answerWith(phone)).statusCode).toBe(401);
    expect((await signIn(env.app, email, TEST_PASSWORD, nextAddress())).statusCode).toBe(401);
  });

  it('is never revived by a token edited by hand', async () => {
    const { phone } = await twoDevices();
    const t = phone.token;
    const flip = (c: string) => (c === 'a' ? 'b' : 'a');
    for (const forged of [
      `${t.slice(0, -1)}${flip(t.slice(-1))}`,
      `${flip(t[0]!)}${t.slice(1)}`,
      `${t}x`,
      t.slice(0, -1),
      `${t}.${t}`,
    ])
      expect(
        (await env.app.inject({ url: '/api/v1/user_answers', headers: bearer(forged) })).statusCode,
        forged,
      ).toBe(401);
  });
});
