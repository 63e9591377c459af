import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewPrefix, type Preview } from '@earshot/core';
import { redactUrl } from '../src/plugins/log-redact.js';
import { importFixture, type TestEnv } from './helpers.js';
import { bearer, signIn, signUp, uniqueEmail } from './auth-helpers.js';
import { participationIds } from './participation-helpers.js';
import { verificationPath } from './address-proof-helpers.js';
import { makeAdmin } from './studio-helpers.js';
import { cookieValues, startMailEnv, type MailEnv } from './support/mail-env.js';
import type { TestSmtpServer } from './support/smtp-server.js';

// The abuse suite (docs/scale-out.md §5): no password, token, session cookie, reset link or
// invitation link in the log at any level. auth-logs.test.ts follows a sign-in's life (sign-up,
// reset, Google); this one adds what the rest of the app does with a session: invitations mailed
// and accepted, answers (with an idempotency key and a photo), the studio and its preview links,
// failures (401, 404, 429), and unregister — all at level trace, the most the log can say.

const PUBLIC_URL = 'http://earshot.localhost:3997';
const SMTP_PASS = 'smtp-secret-of-the-log-test';

let smtp: TestSmtpServer;
let env: TestEnv;
let lines: string[];
let mail: MailEnv;
beforeAll(async () => {
  mail = await startMailEnv({ publicUrl: PUBLIC_URL, smtpPass: SMTP_PASS, log: true });
  ({ env, smtp, lines } = mail);
  await importFixture(env);
});
afterAll(() => mail.close());

describe('the log at level trace', () => {
  it('holds no secret of invitations, answers, the studio, failures or unregister', async () => {
    const secrets = new Set<string>([SMTP_PASS]);
    const keep = (...values: (string | undefined)[]) => {
      for (const v of values) if (v && v.length >= 6) secrets.add(v);
    };
    const inject = env.app.inject.bind(env.app);
    const ids = await participationIds(env);

    // An admin (role given as a row), who makes an organisation and invites a publisher.
    const adminPassword = 'admin passphrase never logged';
    const admin = await signUp(env.app, { password: adminPassword, name: 'Log Admin' });
    keep(admin.token, adminPassword);
    await makeAdmin(env.handle.db, admin.user.id);
    const org = await inject({
      method: 'POST',
      url: '/api/v1/studio/organisations',
      headers: admin.headers,
      payload: { name: 'Logged Museum' },
    });
    expect(org.statusCode).toBe(201);
    const inviteeEmail = uniqueEmail('invitee');
    const invited = await inject({
      method: 'POST',
      url: `/api/v1/studio/organisations/${org.json<{ id: number }>().id}/invitations`,
      headers: admin.headers,
      payload: { email: inviteeEmail },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = /http\S+/.exec((await smtp.waitForMail(inviteeEmail)).text)![0];
    const invitation = /\/studio\/invitations\/([^/?#\s]+)/.exec(link)![1]!;
    keep(link, invitation);

    // The invitee registers, opens the link's page, reads and accepts the invitation.
    const inviteePassword = 'invitee passphrase never logged';
    const up = await inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: inviteeEmail, password: inviteePassword, name: 'Invited Ivy' },
    });
    expect(up.statusCode).toBe(200);
    const ivy = up.headers['set-auth-token'] as string;
    keep(ivy, inviteePassword, ...cookieValues(up.headers['set-cookie']));
    await inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/v1/studio/invitations/${invitation}`,
          headers: bearer(ivy),
        })
      ).statusCode,
    ).toBe(200);
    // With SMTP the address is proved first: the confirmation link (its token, and the
    // invitation's path it leads back to) is a secret too.
    const asked = await inject({
      method: 'POST',
      url: `/api/v1/studio/invitations/${invitation}/verify-email`,
      headers: bearer(ivy),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const proof = await verificationPath(smtp, inviteeEmail, PUBLIC_URL);
    keep(proof, /token=([^&]+)/.exec(proof)![1]);
    expect((await inject({ method: 'GET', url: proof })).statusCode).toBe(302);
    const accepted = await inject({
      method: 'POST',
      url: `/api/v1/studio/invitations/${invitation}/accept`,
      headers: bearer(ivy),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    // Used, the link answers 410: the refusal is logged too.
    await inject({
      method: 'POST',
      url: `/api/v1/studio/invitations/${invitation}/accept`,
      headers: bearer(ivy),
      payload: {},
    });

    // The admin makes a preview link of the fixture's guide; whoever holds it opens the page and
    // its calls (the token, the rows' prefixed tokens, a filter by the token). The link is a
    // secret: anyone with it reads the unpublished draft.
    expect(
      (await inject({ url: '/api/v1/studio/guides/mini-walk/draft', headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    const made = await inject({
      method: 'POST',
      url: '/api/v1/studio/guides/mini-walk/preview',
      headers: admin.headers,
    });
    expect(made.statusCode, made.body).toBe(201);
    const preview = made.json<Preview>();
    keep(preview.token, preview.url, preview.token.slice(0, 10));
    await inject({ url: `/guide/${preview.token}` });
    await inject({ url: `/guide/${preview.token}/map?from=${preview.token}` });
    expect((await inject({ url: `/api/v1/tour-by-token/${preview.token}` })).statusCode).toBe(200);
    const poi = await inject({
      url: `/api/v1/pois_by_token/${previewPrefix(preview.token)}mini-one?preview=${preview.token}`,
    });
    expect(poi.statusCode).toBe(200);
    await inject({ url: `/api/v1/scavenger_hunts?guide__token=${preview.token}` });

    // A visitor answers (idempotency key, a photo), fails, is refused, and leaves.
    const visitorPassword = 'visitor passphrase never logged';
    const email = uniqueEmail('logged-visitor');
    const vic = await signUp(env.app, { email, password: visitorPassword });
    keep(vic.token, visitorPassword);
    const photo = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64');
    const answered = await inject({
      method: 'POST',
      url: '/api/v1/user_answers/',
      headers: { ...vic.headers, 'idempotency-key': 'log-test-key-0001' },
      payload: {
        challenge: ids.photo,
        value: `data:image/png;base64,${photo}`,
        resourcetype: 'UserPhotoChallengeAnswer',
      },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    await inject({ url: '/api/v1/user_answers', headers: vic.headers });
    // A stale token, a wrong password until the lockout, a 404 as a signed-in user.
    keep('stale-token-never-logged-0123456789');
    await inject({ url: '/api/v1/awards', headers: bearer('stale-token-never-logged-0123456789') });
    for (let i = 0; i < 6; i++) {
      const wrong = `wrong guess ${i} never logged`;
      secrets.add(wrong);
      await signIn(env.app, email, wrong, `10.77.0.${i + 1}`);
    }
    await inject({ url: '/api/v1/user_answers/2147483647/', headers: vic.headers });
    expect(
      (await inject({ method: 'POST', url: '/api/v1/unregister/', headers: vic.headers }))
        .statusCode,
    ).toBe(204);
    await inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(ivy) });

    const log = lines.join('');
    // The log recorded these requests (an empty log cannot pass)...
    expect(log).toContain('/api/v1/user_answers/');
    expect(log).toContain('/api/v1/studio/invitations/[redacted]/accept');
    expect(log).toContain('/studio/invitations/[redacted]');
    expect(log).toContain('/guide/[redacted]/map?from=[redacted]');
    expect(log).toContain('/api/v1/tour-by-token/[redacted]');
    expect(log).toContain('/api/v1/pois_by_token/pv[redacted]-mini-one');
    expect(log).toContain('/api/v1/scavenger_hunts?guide__token=[redacted]');
    expect(log).toContain('/api/v1/unregister/');
    // ...and no secret, nor the photo's bytes, nor any bearer header.
    secrets.add(photo.slice(0, 40));
    for (const secret of secrets)
      expect(log, `a secret in the log: ${secret.slice(0, 8)}…`).not.toContain(secret);
    expect(log).not.toMatch(/Bearer\s+\S/i);
    expect(log.toLowerCase()).not.toContain('"authorization"');
    expect(log.toLowerCase()).not.toContain('set-cookie');
  });
});

describe('redactUrl: invitation links', () => {
  it.each([
    ['/studio/invitations/AbC-123_x', '/studio/invitations/[redacted]'],
    ['/api/v1/studio/invitations/AbC-123_x', '/api/v1/studio/invitations/[redacted]'],
    ['/api/v1/studio/invitations/AbC-123_x/accept', '/api/v1/studio/invitations/[redacted]/accept'],
    ['/studio/invitations/tok?x=1', '/studio/invitations/[redacted]?x=1'],
    // The link that proves an address leads back to the invitation's page.
    [
      '/api/auth/verify-email?token=a.b.c&callbackURL=%2Fstudio%2Finvitations%2FAbC-123_x',
      '/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]',
    ],
    ['/api/v1/studio/organisations/3/invitations', '/api/v1/studio/organisations/3/invitations'],
    [
      '/api/v1/studio/organisations/3/invitations/12',
      '/api/v1/studio/organisations/3/invitations/12',
    ],
  ])('%s → %s', (url, shown) => expect(redactUrl(url)).toBe(shown));
});

describe('redactUrl: preview links', () => {
  const token = 'Ab3_-xYz09'.repeat(4) + 'Q_z'; // 43 characters, a preview token's form
  it.each([
    [`/guide/${token}`, '/guide/[redacted]'],
    [`/guide/${token}/map`, '/guide/[redacted]/map'],
    [`/api/v1/tour-by-token/${token}/`, '/api/v1/tour-by-token/[redacted]/'],
    [`/api/v1/pois_by_token/pv${token.slice(0, 10)}-one`, '/api/v1/pois_by_token/pv[redacted]-one'],
    [`/api/v1/pois/?guide__token=${token}&x=1`, '/api/v1/pois/?guide__token=[redacted]&x=1'],
    [`/api/v1/pois/?token=pv${token.slice(0, 10)}-one`, '/api/v1/pois/?token=[redacted]'],
    [
      `/api/v1/pois/?poi__token=pv${token.slice(0, 10)}-one`,
      '/api/v1/pois/?poi__token=pv[redacted]-one',
    ],
    // Percent-escaped, the token is still found.
    [`/guide/%41${token.slice(1)}`, '/guide/[redacted]'],
    // A published guide's slug, a shorter or longer value, and an asset keep their names.
    ['/guide/mini-walk/map', '/guide/mini-walk/map'],
    [`/guide/${token}x`, `/guide/${token}x`],
    [`/assets/${token}.js`, `/assets/${token}.js`],
    ['/api/v1/pois/?guide__token=mini-walk', '/api/v1/pois/?guide__token=mini-walk'],
  ])('%s → %s', (url, shown) => expect(redactUrl(url)).toBe(shown));
});
