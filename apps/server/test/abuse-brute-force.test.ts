import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { signUp, TEST_PASSWORD, uniqueEmail } from './auth-helpers.js';

// The abuse suite (docs/scale-out.md §5) and SPEC §8: sign-in brute force spread over many client
// addresses (each attempt from another X-Forwarded-For, as behind a CDN with TRUST_PROXY) still
// meets the per-account lockout. Only the HTTP API is used: where the counts live is the nodes
// part's.

const LOCKED = 'You have tried to login too many times. Try again in 10 minutes';
/** SPEC §8 via core SIGN_IN_LOCKOUT: failures per account before the lockout. */
const PER_ACCOUNT = 5;

let env: TestEnv;
/** A second app on the same database without TRUST_PROXY (one database per test file). */
let untrusting: { app: FastifyInstance };
beforeAll(async () => {
  env = await makeEnv({ trustProxy: 1 });
  untrusting = {
    app: await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      versionCheckMs: 0,
    }),
  };
});
afterAll(async () => {
  await untrusting.app.close();
  await env.close();
});

let n = 0;
/** A fresh client address each call: no two attempts of a test share one. */
const address = () => {
  n++;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

const attempt = (
  on: { app: FastifyInstance },
  email: string,
  password: string,
  forwardedFor = address(),
) =>
  on.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: '10.0.0.1', // the proxy
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password },
  });

describe('brute force from many addresses (TRUST_PROXY set)', () => {
  it('locks the account after its failures, even for the right password from a new address', async () => {
    const email = uniqueEmail('brute');
    await signUp(env.app, { email });
    for (let i = 0; i < PER_ACCOUNT; i++)
      expect((await attempt(env, email, `guess number ${i}`)).statusCode).toBe(401);
    for (const password of ['guess number 99', TEST_PASSWORD]) {
      const res = await attempt(env, email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(LOCKED);
      expect(res.headers['set-auth-token']).toBeUndefined();
    }
  });

  it('counts the account however the case of its address is written', async () => {
    const email = uniqueEmail('brute-case');
    await signUp(env.app, { email });
    const variants = [
      email.toUpperCase(),
      email,
      email.replace(/^./, (c) => c.toUpperCase()),
      email.replace(/@.*/, (d) => d.toUpperCase()),
      email.replace(/[aeiou]/g, (c) => c.toUpperCase()),
    ];
    for (const v of variants)
      expect((await attempt(env, v, 'a wrong guess')).statusCode, v).toBe(401);
    const res = await attempt(env, email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(LOCKED);
  });

  it('refuses a padded address before any password is checked (so it is no extra guess)', async () => {
    const email = uniqueEmail('brute-pad');
    await signUp(env.app, { email });
    for (const v of [` ${email}`, `${email} `, `\t${email}`]) {
      const res = await attempt(env, v, TEST_PASSWORD);
      expect(res.statusCode, v).toBe(400);
      expect(res.headers['set-auth-token']).toBeUndefined();
    }
  });

  it('leaves other accounts alone, and the locked one answers alike whether the guess is right', async () => {
    const locked = uniqueEmail('brute-locked');
    const other = uniqueEmail('brute-other');
    await signUp(env.app, { email: locked });
    await signUp(env.app, { email: other });
    for (let i = 0; i < PER_ACCOUNT; i++) await attempt(env, locked, `nope ${i}`);
    const right = await attempt(env, locked, TEST_PASSWORD);
    const wrong = await attempt(env, locked, 'still wrong');
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.body).toBe(wrong.body);
    expect((await attempt(env, other, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a spray of one guess over many accounts from one address meets the per-address limit', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await attempt(env, uniqueEmail('spray'), 'password1', from)).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429, 429, 429, 429]);
  });
});

describe('with TRUST_PROXY=1 only the hop the proxy added counts', () => {
  it('a client that writes its own X-Forwarded-For entries first still meets the address limit', async () => {
    const real = address();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(
        (await attempt(env, uniqueEmail('prefixed'), 'password1', `192.0.2.${i + 1}, ${real}`))
          .statusCode,
      );
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
  });
});

describe('without TRUST_PROXY a forged X-Forwarded-For changes nothing', () => {
  it('counts the real address, so a new header per attempt does not escape the address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await attempt(untrusting, uniqueEmail('forged'), 'password1')).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
  });
});
