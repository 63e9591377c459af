import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/plugins/log-redact.js';
import type { TestEnv } from './helpers.js';
import { signIn, uniqueEmail } from './auth-helpers.js';
import { cookieValues, startMailEnv, type MailEnv } from './support/mail-env.js';
import type { TestSmtpServer } from './support/smtp-server.js';
import { signInAtProvider, startOidcServer, type TestOidcServer } from './support/oidc-server.js';

const PUBLIC_URL = 'http://earshot.localhost:3998';
const CALLBACK = `${PUBLIC_URL}/api/auth/callback/google`;
const CLIENT = { clientId: 'log-test-client', clientSecret: 'log-test-client-secret-value' };
const SMTP_PASS = 'smtp-password-never-logged';
const AUTH_SECRET = 'an-auth-secret-of-more-than-32-characters-never-logged';

let smtp: TestSmtpServer;
let idp: TestOidcServer;
let env: TestEnv;
let lines: string[];
let mail: MailEnv;
beforeAll(async () => {
  idp = await startOidcServer({ ...CLIENT, redirectUris: [CALLBACK] });
  // The most the log can say: every request, and better-auth's own messages.
  mail = await startMailEnv({
    publicUrl: PUBLIC_URL,
    smtpPass: SMTP_PASS,
    log: true,
    from: 'a@example.test',
    auth: { secret: AUTH_SECRET, google: { ...CLIENT, discoveryUrl: idp.discoveryUrl } },
  });
  ({ env, smtp, lines } = mail);
});
afterAll(async () => {
  await mail.close();
  await idp.close();
});

const cookiesOf = (setCookie: string | string[] | undefined) =>
  ([] as string[]).concat(setCookie ?? []).map((c) => c.split(';')[0]!);

describe('the log', () => {
  it('holds no password, token, cookie, reset link or OAuth code of a whole sign-in life', async () => {
    const secrets = new Set<string>([SMTP_PASS, AUTH_SECRET, CLIENT.clientSecret]);
    const keep = (...values: (string | undefined)[]) => {
      for (const v of values) if (v) secrets.add(v);
    };
    const inject = env.app.inject.bind(env.app);
    const email = uniqueEmail('logged');
    const password = 'first password, never logged';
    const newPassword = 'second password, never logged';

    // Register, a wrong and a right sign-in, a call to the API, sign-out.
    const up = await inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password, name: 'Log Watcher' },
    });
    expect(up.statusCode).toBe(200);
    keep(
      up.headers['set-auth-token'] as string,
      up.json().token,
      ...cookieValues(up.headers['set-cookie']),
    );
    expect((await signIn(env.app, email, 'a wrong password, never logged')).statusCode).toBe(401);
    secrets.add('a wrong password, never logged');
    const inRes = await signIn(env.app, email, password);
    const token = inRes.headers['set-auth-token'] as string;
    keep(token, inRes.json().token, ...cookieValues(inRes.headers['set-cookie']));
    const authorization = `Bearer ${token}`;
    await inject({
      method: 'POST',
      url: '/api/v1/guides_by_token/none/subscribe/',
      headers: { authorization },
    });
    await inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization } });
    await inject({ method: 'POST', url: '/api/auth/sign-out', headers: { authorization } });

    // Reset: the mail, the link opened (its page request is logged), the new password set.
    await inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
    const link = /http\S+/.exec((await smtp.waitForMail(email)).text)![0];
    const resetToken = new URL(link).searchParams.get('token')!;
    keep(link, resetToken, encodeURIComponent(resetToken));
    await inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
    await inject({ method: 'GET', url: `/api/auth/reset-password/${resetToken}?callbackURL=/x` });
    const reset = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword },
    });
    expect(reset.statusCode).toBe(200);
    secrets.add(password).add(newPassword);

    // Google: the state, the provider's code, the session it ends in.
    const start = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    const back = new URL(await signInAtProvider(start.json().url, 'oauth@example.test', CALLBACK));
    keep(
      back.searchParams.get('code')!,
      back.searchParams.get('state')!,
      ...cookieValues(start.headers['set-cookie']),
    );
    const cb = await inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: cookiesOf(start.headers['set-cookie']).join('; ') },
    });
    expect(cb.statusCode).toBe(302);
    keep(cb.headers['set-auth-token'] as string, ...cookieValues(cb.headers['set-cookie']));

    const log = lines.join('');
    // The log did record these requests (so an empty log cannot pass)...
    expect(log).toContain('/api/auth/sign-in/email');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/auth/callback/google?code=[redacted]&state=[redacted]');
    // ...and none of the secrets.
    for (const secret of secrets) {
      if (!secret) continue;
      expect(log, `a secret in the log: ${secret.slice(0, 6)}…`).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    [
      '/api/auth/callback/google?code=c0de&state=s7&iss=x',
      '/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=x',
    ],
    [
      '/api/auth/reset-password/tok3n?callbackURL=/x',
      '/api/auth/reset-password/[redacted]?callbackURL=/x',
    ],
    ['/api/v1/badges?guide__token=mini-walk', '/api/v1/badges?guide__token=mini-walk'],
    ['/api/v1/x?%74oken=abc', '/api/v1/x?%74oken=[redacted]'],
    ['/api/v1/x?bad=%E0%A4%A', '/api/v1/x?bad=%E0%A4%A'],
    ['/plain/path', '/plain/path'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });
});
