import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, InvitationCreated, PendingInvitation, StudioMe } from '@earshot/core';
import type { SmtpConfig } from '../src/config.js';
import { hashInvitationToken } from '../src/modules/studio/invitations/invitations-service.js';
import { buildApp } from '../src/app.js';
import { signUp, uniqueEmail, type SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld, markVerified } from './studio-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

const PUBLIC_URL = 'https://earshot.example.test';
const LINK = /^https:\/\/earshot\.example\.test\/studio\/invitations\/([\w-]{43})$/;

let smtp: TestSmtpServer;
let mailing: TestEnv; // SMTP set: invitations go by mail
let plain: TestEnv; // no SMTP: the admin copies the link
let w: StudioWorld;
const SECRET = 'studio invitations test secret, 32+ characters long';
beforeAll(async () => {
  smtp = await startSmtpServer();
  const config: SmtpConfig = {
    host: smtp.host,
    port: smtp.port,
    secure: false,
    from: 'Earshot <no-reply@earshot.example.test>',
  };
  mailing = await makeEnv({ auth: { publicUrl: PUBLIC_URL, smtp: config, secret: SECRET } });
  // A second app without SMTP on the same database (one database per test worker), sharing
  // the secret so that a session works on both.
  const app = await buildApp({
    handle: mailing.handle,
    mediaDir: mailing.mediaDir,
    mediaStore: mailing.media,
    versionCheckMs: 0,
    auth: { publicUrl: PUBLIC_URL, secret: SECRET },
  });
  plain = { ...mailing, app };
  w = await makeStudioWorld(mailing);
});
afterAll(async () => {
  await plain.app.close();
  await mailing.close();
  await smtp.close();
});

type Who = { headers: { authorization: string } } | null;
const call = (env: TestEnv, who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  env.app.inject({
    method,
    url: `/api/v1/studio${url}`,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
const invite = (env: TestEnv, who: Who, organisationId: number, email: string) =>
  call(env, who, 'POST', `/organisations/${organisationId}/invitations`, { email });

describe('POST studio/organisations/{id}/invitations', () => {
  it('mails the link when SMTP is set, and keeps only its hash', async () => {
    const email = uniqueEmail('invitee');
    const res = await invite(mailing, w.admin, w.orgA.id, email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const body = res.json<InvitationCreated>();
    expect(body).toMatchObject({ email, mailed: true });
    expect(body.link).toBeUndefined();
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Join Museum of Sound on Earshot');
    expect(mail.text).toContain('Ann Admin invites you to publish guides for Museum of Sound');
    const link = /https:\S+/.exec(mail.text)![0];
    const token = LINK.exec(link)![1]!;
    const row = await mailing.handle.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashInvitationToken(token));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.invited_by).toBe(w.admin.user.id);
  });

  it('answers the link to copy when there is no SMTP', async () => {
    const res = await invite(plain, w.admin, w.orgA.id, uniqueEmail());
    expect(res.statusCode).toBe(201);
    const body = res.json<InvitationCreated>();
    expect(body.mailed).toBe(false);
    expect(body.link).toMatch(LINK);
  });

  it('refuses publishers (403), no user (401), an unknown organisation (404), a bad address (400)', async () => {
    expect((await invite(plain, w.publisherA, w.orgA.id, uniqueEmail())).statusCode).toBe(403);
    expect((await invite(plain, null, w.orgA.id, uniqueEmail())).statusCode).toBe(401);
    expect((await invite(plain, w.admin, 999_999, uniqueEmail())).statusCode).toBe(404);
    const bad = await invite(plain, w.admin, w.orgA.id, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid request: body email: Enter a valid e-mail address');
  });
});

describe('an invitation link', () => {
  /** An invitation of `w.orgB` for a new address, and the account registered with it. */
  async function invited(): Promise<{ token: string; invitee: SignedUp }> {
    const email = uniqueEmail('invitee');
    const res = await invite(plain, w.admin, w.orgB.id, email);
    const token = LINK.exec(res.json<InvitationCreated>().link!)![1]!;
    return { token, invitee: await signUp(plain.app, { email, name: 'Ines Invitee' }) };
  }

  it('says what it is for to the invited account, which accepts it once', async () => {
    const { token, invitee } = await invited();
    // A verified address (as a provider that vouches leaves it) joins at once; an unverified
    // one is the subject of studio-invitations-proof.test.ts.
    await markVerified(plain.handle, invitee.user.id);
    const shown = await call(plain, invitee, 'GET', `/invitations/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Invitation>()).toMatchObject({
      organisation: { id: w.orgB.id, name: 'City of Echoes' },
      email: invitee.user.email,
      invited_by: 'Ann Admin',
      status: 'ready',
    });

    const accepted = await call(plain, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      organisation: { id: w.orgB.id, name: 'City of Echoes', slug: w.orgB.slug, role: 'publisher' },
      status: 'member',
    });
    const me = (await call(plain, invitee, 'GET', '/me')).json<StudioMe>();
    expect(me.organisations.map((o) => o.id)).toEqual([w.orgB.id]);
    const guides = await call(plain, invitee, 'GET', `/guides?organisation=${w.orgB.id}`);
    expect(guides.statusCode).toBe(200);

    const again = await call(plain, invitee, 'POST', `/invitations/${token}/accept`);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invitation has already been used.');
    expect((await call(plain, invitee, 'GET', `/invitations/${token}`)).statusCode).toBe(410);
  });

  it('works only for the account of the address it was sent to', async () => {
    const { token } = await invited();
    for (const who of [w.visitor, w.publisherA]) {
      for (const [method, url] of [
        ['GET', `/invitations/${token}`],
        ['POST', `/invitations/${token}/accept`],
      ] as const) {
        const res = await call(plain, who, method, url);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          message:
            'This invitation was sent to another e-mail address. Sign in with the address it was sent to.',
        });
      }
    }
    expect((await call(plain, null, 'GET', `/invitations/${token}`)).statusCode).toBe(401);
    const joined = await plain.handle.db
      .selectFrom('organisation_members')
      .select('user_id')
      .where('organisation_id', '=', w.orgB.id)
      .where('user_id', 'in', [w.visitor.user.id, w.publisherA.user.id])
      .execute();
    expect(joined).toEqual([]);
  });

  it('expires after 7 days, with a clear message', async () => {
    const { token, invitee } = await invited();
    await plain.handle.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashInvitationToken(token))
      .execute();
    for (const [method, url] of [
      ['GET', `/invitations/${token}`],
      ['POST', `/invitations/${token}/accept`],
    ] as const) {
      const res = await call(plain, invitee, method, url);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('This invitation has expired. Ask for a new one.');
    }
  });

  it('answers 404 to an unknown or mangled token', async () => {
    const { token, invitee } = await invited();
    // One character changed: the last one of 32 random bytes is 'A' one time in 16, so pick
    // a character it is not (and one that differs in the bits it carries).
    const mangled = `${token.slice(0, -1)}${token.endsWith('A') ? 'Q' : 'A'}`;
    for (const bad of [mangled, 'nope', 'x'.repeat(100)]) {
      const res = await call(plain, invitee, 'GET', `/invitations/${bad}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This invitation link is not valid. Ask for a new one.');
    }
  });
});

describe('pending invitations (admin)', () => {
  it('lists those not accepted nor expired, and withdraws one so its link stops working', async () => {
    const email = uniqueEmail('pending');
    const made = (await invite(plain, w.admin, w.orgA.id, email)).json<InvitationCreated>();
    const list = async () =>
      (await call(plain, w.admin, 'GET', `/organisations/${w.orgA.id}/invitations`)).json<
        PendingInvitation[]
      >();
    expect((await list())[0]).toEqual({
      id: made.id,
      email,
      invited_by: 'Ann Admin',
      created_at: expect.stringMatching(/^\d{4}-/),
      expires_at: made.expires_at,
    });
    const url = `/organisations/${w.orgA.id}/invitations/${made.id}`;
    expect(
      (
        await plain.app.inject({
          method: 'DELETE',
          url: `/api/v1/studio${url}`,
          headers: w.publisherA.headers,
        })
      ).statusCode,
    ).toBe(403);
    const withdrawn = await plain.app.inject({
      method: 'DELETE',
      url: `/api/v1/studio${url}`,
      headers: w.admin.headers,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect((await list()).map((i) => i.id)).not.toContain(made.id);
    const invitee = await signUp(plain.app, { email });
    const token = LINK.exec(made.link!)![1]!;
    expect((await call(plain, invitee, 'GET', `/invitations/${token}`)).statusCode).toBe(404);
    const again = await plain.app.inject({
      method: 'DELETE',
      url: `/api/v1/studio${url}`,
      headers: w.admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses publishers the list (403)', async () => {
    const res = await call(plain, w.publisherA, 'GET', `/organisations/${w.orgA.id}/invitations`);
    expect(res.statusCode).toBe(403);
  });
});
