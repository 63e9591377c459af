import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioMe } from '@earshot/core';
import { adminRequest } from '../src/modules/studio/access/admin-command.js';
import { TEST_PASSWORD, bearer, signIn, signUp, uniqueEmail } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { markVerified } from './studio-helpers.js';

// The admin command, run as a person runs it: the real CLI on the same database.
const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

const BOSS = uniqueEmail('boss');
let env: TestEnv;
beforeAll(async () => {
  // ADMIN_EMAILS as config.ts reads it: lower-case; the account may register in any case.
  env = await makeEnv({ auth: { adminEmails: [BOSS, 'later@example.test'] } });
});
afterAll(() => env.close());

const me = async (headers: { authorization: string }) =>
  (await env.app.inject({ url: '/api/v1/studio/me', headers })).json<StudioMe>();
const isAdminRow = async (userId: string) =>
  (await env.handle.db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

async function cli(...args: string[]) {
  const environment = { ...process.env, DATA_DIR: env.dir, DEMO_CONTENT: '0' };
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'src/cli.ts', ...args], {
      cwd: SERVER,
      env: environment,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('ADMIN_EMAILS', () => {
  // Anyone may register an address (it is not verified), so a listed address makes an admin
  // only once verified (docs/studio.md Roles; studio-invitations-proof.test.ts: by the mailed
  // link).
  it('grants nothing to a listed address that is not verified, at registration or sign-in', async () => {
    const boss = await signUp(env.app, { email: BOSS.toUpperCase(), name: 'The Boss' });
    expect((await me(boss.headers)).admin).toBe(false);
    const again = await signIn(env.app, BOSS, TEST_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(await isAdminRow(boss.user.id)).toBe(false);
    expect((await me(bearer(String(again.headers['set-auth-token'])))).admin).toBe(false);
  });

  it('makes a listed, verified account admin when it signs in, again after a revoke', async () => {
    const res = await signIn(env.app, BOSS, TEST_PASSWORD);
    const id = res.json<{ user: { id: string } }>().user.id;
    // Verified as a provider that vouches for the address (Google) leaves it.
    await markVerified(env.handle, id);
    const verified = await signIn(env.app, BOSS, TEST_PASSWORD);
    expect(verified.statusCode).toBe(200);
    expect(await isAdminRow(id)).toBe(true);
    await env.handle.db.deleteFrom('user_roles').where('user_id', '=', id).execute();
    expect(await isAdminRow(id)).toBe(false);
    const again = await signIn(env.app, BOSS, TEST_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(await isAdminRow(id)).toBe(true);
    expect((await me(bearer(String(again.headers['set-auth-token'])))).admin).toBe(true);
    const other = await signUp(env.app);
    expect((await me(other.headers)).admin).toBe(false);
  });
});

describe('npm run admin -- grant|revoke <email>', () => {
  it('reads its command line', () => {
    expect(adminRequest(['grant', 'a@example.org'])).toEqual({
      action: 'grant',
      email: 'a@example.org',
    });
    expect(adminRequest(['revoke', 'a@example.org'])).toEqual({
      action: 'revoke',
      email: 'a@example.org',
    });
    for (const args of [
      [],
      ['grant'],
      ['promote', 'a@example.org'],
      ['grant', 'nope'],
      ['grant', 'a@example.org', 'x'],
    ])
      expect(adminRequest(args)).toBeNull();
  });

  it('grants and revokes the role of an existing account', async () => {
    const ed = await signUp(env.app, { name: 'Ed Editor' });
    const granted = await cli('admin', 'grant', ed.user.email.toUpperCase());
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout.trim()).toBe(`${ed.user.email} (Ed Editor) is an admin.`);
    expect((await me(ed.headers)).admin).toBe(true);
    expect((await cli('admin', 'grant', ed.user.email)).code).toBe(0); // idempotent

    const revoked = await cli('admin', 'revoke', ed.user.email);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout.trim()).toBe(`${ed.user.email} is no longer an admin.`);
    expect((await me(ed.headers)).admin).toBe(false);
    const res = await env.app.inject({ url: '/api/v1/studio/organisations', headers: ed.headers });
    expect(res.statusCode).toBe(403);
  }, 60_000);

  it('says so for an address without an account, and shows the usage for anything else', async () => {
    const missing = await cli('admin', 'grant', 'nobody@example.test');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account with the e-mail nobody@example.test');
    const wrong = await cli('admin', 'promote', 'nobody@example.test');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('npm run admin -- grant <email>');
  }, 60_000);
});
