import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMigrations } from 'better-auth/db/migration';
import { AUTH_MESSAGES } from '@earshot/core';
import { authStorageOptions } from '../src/modules/auth/better-auth.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { TEST_PASSWORD, bearer, signIn, signUp, uniqueEmail } from './auth-helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
});
afterAll(() => env.close());

const session = (headers: Record<string, string>) =>
  env.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
const subscribe = (headers: Record<string, string> = {}, token = 'mini-walk') =>
  env.app.inject({ method: 'POST', url: `/api/v1/guides_by_token/${token}/subscribe/`, headers });

describe('better-auth on our database', () => {
  it('finds its tables as it wants them after migrate: nothing left to create or change', async () => {
    const plan = await getMigrations({
      ...authStorageOptions(env.handle),
      logger: { level: 'error' },
    });
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
    expect(plan.toBeAddedIndexes).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
  });

  it('keeps users in the users table that answers, awards and subscriptions point at', async () => {
    const { user } = await signUp(env.app, { name: 'Table Check' });
    const row = await env.handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Table Check', email: user.email });
  });
});

describe('register', () => {
  it('creates the account with its display name and hands out a bearer token', async () => {
    const email = uniqueEmail('ada');
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: TEST_PASSWORD, name: 'Ada Lovelace' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, name: 'Ada Lovelace' });
    const token = res.headers['set-auth-token'] as string;
    expect(token).toMatch(/\S{20,}/);
    expect((await session(bearer(token))).json().user).toMatchObject({
      email,
      name: 'Ada Lovelace',
    });
  });

  it('stores the password hashed with scrypt, never as given', async () => {
    const { user } = await signUp(env.app, { password: 'a password to hash' });
    const rows = await env.handle.db
      .selectFrom('accounts')
      .select(['provider_id'])
      .select((eb) => eb.ref('password' as never).as('password'))
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    const { provider_id, password } = rows[0] as { provider_id: string; password: string };
    expect(provider_id).toBe('credential');
    // salt:key in hex (scrypt N=16384, r=16: 32 MiB per hash), not the password.
    expect(password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(password).not.toContain('a password to hash');
  });

  it.each([
    ['no e-mail', { password: TEST_PASSWORD, name: 'No Mail' }],
    ['a malformed e-mail', { email: 'not-an-address', password: TEST_PASSWORD, name: 'Bad Mail' }],
    ['no password', { email: uniqueEmail(), name: 'No Password' }],
    ['a short password', { email: uniqueEmail(), password: 'short', name: 'Short Password' }],
    ['no display name', { email: uniqueEmail(), password: TEST_PASSWORD }],
  ])('refuses %s with 400 and a message', async (_label, payload) => {
    const res = await env.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.headers['set-auth-token']).toBeUndefined();
  });

  it('accepts a browser on this server under another name, refuses other sites', async () => {
    const signUpFrom = (origin: string) =>
      env.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin, host: '127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
        payload: { email: uniqueEmail('origin'), password: TEST_PASSWORD, name: 'Origin Test' },
      });
    // PUBLIC_URL is http://localhost:3000; the page was opened as http://127.0.0.1:3000.
    expect((await signUpFrom('http://127.0.0.1:3000')).statusCode).toBe(200);
    const forged = await signUpFrom('https://elsewhere.example');
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['set-auth-token']).toBeUndefined();
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const email = uniqueEmail('twice');
    await signUp(env.app, { email });
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: email.toUpperCase(), password: TEST_PASSWORD, name: 'Second Try' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['set-auth-token']).toBeUndefined();
  });
});

describe('sign in and sign out', () => {
  it('signs in with the right password and gives a working token', async () => {
    const { user } = await signUp(env.app, { name: 'Grace Hopper' });
    const res = await signIn(env.app, user.email, TEST_PASSWORD, '10.1.0.1');
    expect(res.statusCode).toBe(200);
    const token = res.headers['set-auth-token'] as string;
    expect((await session(bearer(token))).json().user.id).toBe(user.id);
    expect((await subscribe(bearer(token))).statusCode).toBe(204);
  });

  it('refuses a wrong password or an unknown e-mail with 401, giving no token', async () => {
    const { user } = await signUp(env.app);
    for (const [email, password] of [
      [user.email, 'not the password'],
      [uniqueEmail('nobody'), TEST_PASSWORD],
    ] as const) {
      const res = await signIn(env.app, email, password, '10.1.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
      expect(res.headers['set-auth-token']).toBeUndefined();
    }
  });

  it.each([
    ['the e-mail', { password: TEST_PASSWORD }],
    ['the password', { email: 'someone@example.test' }],
    ['both', {}],
  ])('answers 400 when %s is missing', async (_label, payload) => {
    const res = await env.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('signs out: the token stops working at once, other sessions go on', async () => {
    const { user, headers } = await signUp(env.app);
    const other = (await signIn(env.app, user.email, TEST_PASSWORD, '10.1.0.3')).headers[
      'set-auth-token'
    ] as string;
    const out = await env.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
    expect(out.statusCode).toBe(200);
    expect((await session(headers)).json()).toBeNull();
    expect((await subscribe(headers)).statusCode).toBe(401);
    expect((await subscribe(bearer(other))).statusCode).toBe(204);
  });

  it('reads Authorization only: a session cookie alone is anonymous to the API', async () => {
    const { user } = await signUp(env.app);
    const res = await signIn(env.app, user.email, TEST_PASSWORD, '10.1.0.4');
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('session_token=');
    expect((await subscribe({ cookie })).statusCode).toBe(401);
  });

  it('treats a forged or malformed token as no sign-in', async () => {
    const { token } = await signUp(env.app);
    for (const authorization of [
      `Bearer ${token.slice(0, -4)}AAA=`,
      'Bearer not-a-token',
      `Basic ${token}`,
      'Bearer',
    ]) {
      const res = await subscribe({ authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ message: 'Sign in required' });
    }
  });
});

describe('sign-in lockout (SPEC §8)', () => {
  const tooMany = { message: AUTH_MESSAGES.tooManyAttempts };

  it('locks an account after 5 failures within 10 minutes, from any address', async () => {
    const { user } = await signUp(env.app);
    for (let i = 0; i < 5; i++)
      expect((await signIn(env.app, user.email, 'wrong password', `10.2.0.${i}`)).statusCode).toBe(
        401,
      );
    // Even the right password, from a new address: refused without being checked.
    const locked = await signIn(env.app, user.email.toUpperCase(), TEST_PASSWORD, '10.2.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany);
    expect(tooMany.message).toBe('You have tried to login too many times. Try again in 10 minutes');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(590);
    expect(locked.headers['set-auth-token']).toBeUndefined();
    // Other accounts from those addresses still sign in.
    const other = await signUp(env.app);
    expect((await signIn(env.app, other.user.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(
      200,
    );
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const { user } = await signUp(env.app);
    for (let i = 0; i < 4; i++) await signIn(env.app, user.email, 'wrong password', '10.3.0.1');
    expect((await signIn(env.app, user.email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signIn(env.app, user.email, 'wrong password', '10.3.0.1')).statusCode).toBe(
        401,
      );
    expect((await signIn(env.app, user.email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });

  it('locks an address after 20 failures within 10 minutes, across accounts', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 20; i++)
      expect((await signIn(env.app, uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    const { user } = await signUp(env.app);
    const locked = await signIn(env.app, user.email, TEST_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany);
    // The same account from another address is not locked.
    expect((await signIn(env.app, user.email, TEST_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
  });
});

describe('the address the lockout counts', () => {
  const spray = async (app: TestEnv['app'], from: string, forwarded: string) => {
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: uniqueEmail('spray'), password: 'guess' },
        remoteAddress: from,
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(res.statusCode).toBe(401);
    }
  };
  const signInVia = (app: TestEnv['app'], from: string, forwarded: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: from,
      headers: { 'x-forwarded-for': forwarded },
    });

  it('is the peer, whatever X-Forwarded-For says, unless a proxy is trusted', async () => {
    // A client naming a new address in each request still counts as its own.
    await spray(env.app, '10.5.0.1', '203.0.113.1');
    const { user } = await signUp(env.app);
    expect((await signInVia(env.app, '10.5.0.1', '198.51.100.7', user.email)).statusCode).toBe(429);
  });

  it('behind a trusted proxy (TRUST_PROXY) is the forwarded client, one lock per client', async () => {
    const proxied = await makeEnv({ trustProxy: 1 });
    try {
      await spray(proxied.app, '10.6.0.1', '203.0.113.9');
      const { user } = await signUp(proxied.app);
      expect((await signInVia(proxied.app, '10.6.0.1', '203.0.113.9', user.email)).statusCode).toBe(
        429,
      );
      // Another visitor behind the same proxy is not locked out.
      expect(
        (await signInVia(proxied.app, '10.6.0.1', '198.51.100.8', user.email)).statusCode,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('Facebook and Twitter', () => {
  const start = (app: TestEnv['app'], provider: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider, callbackURL: '/' },
    });

  it('are served when configured, though not offered to the web', async () => {
    const social = await makeEnv({
      auth: {
        facebook: { clientId: 'fb-id', clientSecret: 'fb-secret' },
        twitter: { clientId: 'tw-id', clientSecret: 'tw-secret' },
      },
    });
    try {
      const fb = await start(social.app, 'facebook');
      expect(fb.statusCode).toBe(200);
      expect(new URL(fb.json().url).hostname).toMatch(/facebook\.com$/);
      expect(new URL(fb.json().url).searchParams.get('client_id')).toBe('fb-id');
      const tw = await start(social.app, 'twitter');
      expect(tw.statusCode).toBe(200);
      expect(new URL(tw.json().url).searchParams.get('client_id')).toBe('tw-id');
      const offered = await social.app.inject({ method: 'GET', url: '/api/v1/auth_providers' });
      expect(offered.json()).toEqual({ google: false });
    } finally {
      await social.close();
    }
  });

  it('are refused when not configured', async () => {
    for (const provider of ['facebook', 'twitter', 'google']) {
      const res = await start(env.app, provider);
      expect(res.statusCode, provider).toBe(404);
      expect(res.json().message).toBe('Provider not found');
    }
  });
});
