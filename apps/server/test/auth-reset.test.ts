import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SmtpConfig } from '../src/config.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { TEST_PASSWORD, bearer, signIn, signUp, uniqueEmail } from './auth-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

const PUBLIC_URL = 'https://earshot.example.test';
const SMTP_LOGIN = { user: 'mailer', pass: 'smtp password for the test' };

let smtp: TestSmtpServer;
let env: TestEnv;
beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_LOGIN);
  const config: SmtpConfig = {
    host: smtp.host,
    port: smtp.port,
    secure: false,
    ...SMTP_LOGIN,
    from: 'Earshot <no-reply@earshot.example.test>',
  };
  env = await makeEnv({ auth: { publicUrl: PUBLIC_URL, smtp: config } });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

const requestReset = (app: TestEnv['app'], email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
const resetPassword = (token: string, newPassword: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });

const mailedResetToken = async (email: string) => {
  expect((await requestReset(env.app, email)).statusCode).toBe(200);
  return /token=([\w-]+)/.exec((await smtp.waitForMail(email)).text)![1]!;
};

/**
 * Makes a reset link `minutes` old in the identity service's own table (its row's making and
 * end move back together) and answers the link's life as stored, in ms. Values keep the type the
 * dialect stores (ISO text on SQLite, a timestamp on PostgreSQL).
 */
async function ageResetLink(token: string, minutes: number): Promise<number> {
  const identifier = `reset-password:${token}`;
  const { rows } = await sql<{ created_at: string | Date; expires_at: string | Date }>`
    select created_at, expires_at from verifications where identifier = ${identifier}`.execute(
    env.handle.db,
  );
  const row = rows[0]!;
  const madeAt = new Date(row.created_at).getTime();
  const back = (v: string | Date) => {
    const d = new Date(new Date(v).getTime() - (Date.now() - madeAt) - minutes * 60_000);
    return typeof v === 'string' ? d.toISOString() : d;
  };
  const moved = await sql`update verifications
    set created_at = ${back(row.created_at)}, expires_at = ${back(row.expires_at)}
    where identifier = ${identifier}`.execute(env.handle.db);
  expect(Number(moved.numAffectedRows)).toBe(1);
  return new Date(row.expires_at).getTime() - madeAt;
}

describe('password reset by e-mail', () => {
  it('mails a link to the reset page whose token sets a new password', async () => {
    const { user, headers } = await signUp(env.app, { name: 'Forgetful Fay' });
    const res = await requestReset(env.app, user.email);
    expect(res.statusCode).toBe(200);

    const mail = await smtp.waitForMail(user.email);
    expect(mail.from).toBe('no-reply@earshot.example.test');
    expect(mail.subject).toBe('Reset your Earshot password');
    expect(mail.text).toContain('Hello Forgetful Fay,');
    const link = /https:\S+/.exec(mail.text)?.[0];
    expect(link).toMatch(/^https:\/\/earshot\.example\.test\/reset-password\?token=[\w-]+$/);

    // What the web page at the link does: send the token with the new password.
    const token = new URL(link!).searchParams.get('token')!;
    const done = await resetPassword(token, 'a brand new password');
    expect(done.statusCode).toBe(200);

    expect((await signIn(env.app, user.email, 'a brand new password')).statusCode).toBe(200);
    expect((await signIn(env.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    // Sessions from before the reset are ended; the link works once.
    const old = await env.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
    expect(old.json()).toBeNull();
    const again = await resetPassword(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect((await signIn(env.app, user.email, 'yet another password')).statusCode).toBe(401);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await requestReset(env.app, nobody);
    expect(res.statusCode).toBe(200);
    await expect(smtp.waitForMail(nobody, 300)).rejects.toThrow(/no mail/);
  });

  it('refuses a link older than its hour, and keeps the old password', async () => {
    // Within its hour (59 minutes old) the link still works...
    const early = await signUp(env.app);
    const fresh = await mailedResetToken(early.user.email);
    const life = await ageResetLink(fresh, 59);
    expect(life).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(life).toBeLessThanOrEqual(3600_000 + 1000);
    expect((await resetPassword(fresh, 'made within the hour')).statusCode).toBe(200);

    // ...and a minute past it (61 minutes old) it is refused, changing nothing.
    const { user } = await signUp(env.app);
    const token = await mailedResetToken(user.email);
    await ageResetLink(token, 61);
    const late = await resetPassword(token, 'a password too late');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(env.app, user.email, 'a password too late')).statusCode).toBe(401);
    expect((await signIn(env.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token and a too-short password', async () => {
    expect((await resetPassword('made-up-token', 'long enough password')).statusCode).toBe(400);
    const { user } = await signUp(env.app);
    await requestReset(env.app, user.email);
    const token = /token=([\w-]+)/.exec((await smtp.waitForMail(user.email)).text)![1]!;
    const short = await resetPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect((await signIn(env.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('says clearly when the mail cannot be sent', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const broken = await makeEnv({
      auth: {
        publicUrl: PUBLIC_URL,
        smtp: { host: '127.0.0.1', port, secure: false, from: 'x@example.test' },
      },
    });
    try {
      const { user } = await signUp(broken.app);
      const res = await requestReset(broken.app, user.email);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'The reset e-mail could not be sent. Please try again later.',
      );
    } finally {
      await broken.close();
    }
  });

  it('says clearly that reset is unavailable when no SMTP server is configured', async () => {
    const bare = await makeEnv();
    try {
      const { user, token } = await signUp(bare.app);
      const res = await requestReset(bare.app, user.email);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message:
          'Password reset by e-mail is not available: this server has no mail (SMTP) settings.',
      });
      // Nothing else changed: the account still works.
      const session = await bare.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: bearer(token),
      });
      expect(session.json().user.id).toBe(user.id);
    } finally {
      await bare.close();
    }
  });
});
