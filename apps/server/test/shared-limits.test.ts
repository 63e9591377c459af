import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, windowAfterWrite, type WriteWindow } from '@earshot/core';
import { buildApp } from '../src/app.js';
import { limitKey, limitsRepository } from '../src/modules/limits/repository.js';
import { signInLockout } from '../src/modules/auth/sign-in-lockout.js';
import { TEST_PASSWORD, signIn, signUp, uniqueEmail } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';

// The write limit and the sign-in lockout count in the database (migration 0011_shared_limits,
// docs/decisions/0015): apps on one database count together, and a new app forgets nothing.
// Two real server processes behind a proxy are in two-nodes.test.ts (PostgreSQL).
let env: TestEnv;
beforeAll(async () => {
  env = await makeEnv();
});
afterAll(() => env.close());

const MIN = 60_000;

describe('the write window store', () => {
  it('agrees with the core rule, write after write, on this database', async () => {
    const repo = limitsRepository(env.handle.db);
    const key = limitKey('probe', String(Math.random()));
    let expected: WriteWindow | null = null;
    for (const t of [0, 1000, 59_999, 60_000, 60_001, 500_000]) {
      expected = windowAfterWrite(expected, t, MIN);
      expect(await repo.hitWrite(key, t, MIN), `at ${t}`).toEqual(expected);
    }
  });

  it('counts every one of many writes sent at once', async () => {
    const repo = limitsRepository(env.handle.db);
    const key = limitKey('probe', 'burst');
    const now = Date.now();
    const windows = await Promise.all(
      Array.from({ length: 40 }, () => repo.hitWrite(key, now, MIN)),
    );
    expect(windows.map((w) => w.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('sweeps ended windows and old failures, keeps the rest', async () => {
    const db = env.handle.db;
    const repo = limitsRepository(db);
    const at = 10_000_000;
    await repo.hitWrite('sweep-ended', at, MIN);
    await repo.hitWrite('sweep-live', at + MIN, MIN);
    await repo.addAttempt('sweep-old', at - 10 * MIN);
    await repo.addAttempt('sweep-new', at - 9 * MIN);
    // The module's sweep, as each node runs it every few minutes (its clock at `at + MIN`).
    await limitsRepository(db).sweep(at + MIN, 10 * MIN);
    const keys = async (table: 'write_limits' | 'sign_in_failures') =>
      (await db.selectFrom(table).select('key').where('key', 'like', 'sweep-%').execute())
        .map((r) => r.key)
        .sort();
    expect(await keys('write_limits')).toEqual(['sweep-live']);
    expect(await keys('sign_in_failures')).toEqual([]);
    await repo.addAttempt('sweep-new', at + MIN - 9 * MIN);
    await repo.sweep(at + MIN, 10 * MIN);
    expect(await keys('sign_in_failures')).toEqual(['sweep-new']);
  });

  it('stores digests, never the address or e-mail it counts', async () => {
    const email = uniqueEmail('digest');
    await signIn(env.app, email, 'wrong password', '192.0.2.77');
    await env.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      payload: { kind: 'city-list-view', place: 'Testville' },
      remoteAddress: '192.0.2.77',
    });
    const rows = [
      ...(await env.handle.db.selectFrom('sign_in_failures').select('key').execute()),
      ...(await env.handle.db.selectFrom('write_limits').select('key').execute()),
    ];
    expect(rows.length).toBeGreaterThan(2);
    for (const { key } of rows) {
      expect(key).not.toContain('192.0.2.77');
      expect(key).not.toContain(email);
    }
  });
});

describe('two apps on one database', () => {
  it('share the write limit of an address', async () => {
    const a = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      writesPerMinute: 4,
    });
    const b = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      writesPerMinute: 4,
    });
    try {
      const post = (app: typeof a) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/events/',
          payload: { kind: 'city-list-view', place: 'Testville' },
          remoteAddress: '198.51.100.40',
        });
      const codes = [];
      for (const app of [a, b, a, b, a, b]) codes.push((await post(app)).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('share the lockout of an account, and a new app still knows it', async () => {
    const { user } = await signUp(env.app);
    const a = await buildApp({ handle: env.handle, mediaDir: env.mediaDir, mediaStore: env.media });
    const b = await buildApp({ handle: env.handle, mediaDir: env.mediaDir, mediaStore: env.media });
    try {
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? b : a;
        expect((await signIn(app, user.email, 'wrong', `10.9.0.${i}`)).statusCode).toBe(401);
      }
      const locked = await signIn(b, user.email, TEST_PASSWORD, '10.9.1.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    } finally {
      await a.close();
      await b.close();
    }
    // As after a restart: a new app on the database.
    const c = await buildApp({ handle: env.handle, mediaDir: env.mediaDir, mediaStore: env.media });
    try {
      expect((await signIn(c, user.email, TEST_PASSWORD, '10.9.1.2')).statusCode).toBe(429);
    } finally {
      await c.close();
    }
  });
});

describe('the lockout store', () => {
  it('unlocks when the failures age out of the window, 10 minutes after the locking one', async () => {
    let now = 50_000_000;
    const lockout = signInLockout(limitsRepository(env.handle.db), undefined, () => now);
    const email = uniqueEmail('clock');
    for (let i = 0; i < 5; i++) {
      const { ticket } = await lockout.attempt(email, `10.8.0.${i}`);
      expect(ticket, `attempt ${i + 1}`).toBeDefined();
      await lockout.settle(ticket!, 'failure');
      now += MIN;
    }
    // The first failure was at 50,000,000; five are in the window until it leaves.
    expect(await lockout.attempt(email, '10.8.9.9')).toEqual({ locked: 50_000_000 + 10 * MIN });
    now = 50_000_000 + 10 * MIN;
    expect(await lockout.lockedUntil(email, '10.8.9.9')).toBeNull();
  });

  it('takes back the count of an attempt that did not fail', async () => {
    const lockout = signInLockout(limitsRepository(env.handle.db));
    const email = uniqueEmail('other');
    for (let i = 0; i < 8; i++) {
      const { ticket } = await lockout.attempt(email, '10.8.1.1');
      await lockout.settle(ticket!, 'other');
    }
    expect(await lockout.lockedUntil(email, '10.8.1.1')).toBeNull();
  });

  it('lets no more than 5 of many simultaneous guesses at one account through, on two apps', async () => {
    const { user } = await signUp(env.app);
    const a = await buildApp({ handle: env.handle, mediaDir: env.mediaDir, mediaStore: env.media });
    const b = await buildApp({ handle: env.handle, mediaDir: env.mediaDir, mediaStore: env.media });
    try {
      const codes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          signIn(i % 2 ? b : a, user.email, `guess ${i}`, `10.10.0.${i}`).then((r) => r.statusCode),
        ),
      );
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
      // Only the five checked guesses count: the account is locked, not over-counted.
      const rows = await env.handle.db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('key', '=', limitKey('sign-in account', user.email.toLowerCase()))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(5);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('takes any e-mail, however long or odd, without a server error', async () => {
    for (const email of ['x'.repeat(5000), 'nul\u0000@example.test', '💥@example.test']) {
      const res = await signIn(env.app, email, 'wrong', '10.7.0.1');
      expect(res.statusCode, email.slice(0, 20)).toBeLessThan(500);
    }
  });
});
