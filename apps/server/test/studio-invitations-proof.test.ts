import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, InvitationCreated, PendingMember, StudioMe } from '@earshot/core';
import type { SmtpConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { signUp, uniqueEmail, type SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld, markVerified } from './studio-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import { mailWithSubject, openLink, verificationPath } from './address-proof-helpers.js';

// Issue 28 point 3: an invitation link makes a publisher only of someone who proved the address
// it was sent to. Registering an address proves nothing (it is not verified), so whoever holds a
// link could register the invited address and accept. With SMTP the address is proved by a
// mailed link; without, an admin confirms who accepted, and until then they have no rights.

const PUBLIC_URL = 'https://earshot.example.test';
const LINK = /\/studio\/invitations\/([\w-]{43})/;
const SECRET = 'studio invitation proof test secret, 32+ characters';
const BOSS = uniqueEmail('boss');

let smtp: TestSmtpServer;
let mailing: TestEnv; // SMTP set
let plain: TestEnv; // no SMTP, on the same database
let w: StudioWorld;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const config: SmtpConfig = {
    host: smtp.host,
    port: smtp.port,
    secure: false,
    from: 'Earshot <no-reply@earshot.example.test>',
  };
  mailing = await makeEnv({
    auth: { publicUrl: PUBLIC_URL, smtp: config, secret: SECRET, adminEmails: [BOSS] },
  });
  const app = await buildApp({
    handle: mailing.handle,
    mediaDir: mailing.mediaDir,
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
const call = (env: TestEnv, who: Who, method: string, url: string, payload?: object) =>
  env.app.inject({
    method: method as 'GET',
    url: `/api/v1/studio${url}`,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

/** An invitation of orgB for a new address (its token), and the account registered with it. */
async function invited(env: TestEnv): Promise<{ token: string; invitee: SignedUp }> {
  const email = uniqueEmail('invitee');
  const res = await call(env, w.admin, 'POST', `/organisations/${w.orgB.id}/invitations`, {
    email,
  });
  expect(res.statusCode, res.body).toBe(201);
  const sent = res.json<InvitationCreated>();
  const text = sent.mailed
    ? (await mailWithSubject(smtp, email, 'Join City of Echoes on Earshot')).text
    : sent.link!;
  const token = LINK.exec(text)![1]!;
  return { token, invitee: await signUp(env.app, { email, name: 'Ines Invitee' }) };
}

const memberRow = (userId: string) =>
  mailing.handle.db
    .selectFrom('organisation_members')
    .select('user_id')
    .where('organisation_id', '=', w.orgB.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** What a publisher of orgB may do; answers each call's status. */
async function publisherCalls(env: TestEnv, who: SignedUp) {
  const token = `proof-${Math.random().toString(36).slice(2, 8)}`;
  return {
    guides: (await call(env, who, 'GET', `/guides?organisation=${w.orgB.id}`)).statusCode,
    members: (await call(env, who, 'GET', `/organisations/${w.orgB.id}/members`)).statusCode,
    draft: (await call(env, who, 'GET', `/guides/${w.orgB.guide}/draft`)).statusCode,
    create: (
      await call(env, who, 'POST', '/guides', {
        organisation_id: w.orgB.id,
        title: 'Probe',
        city: { name: 'Probe', state: 'PR' },
        token,
      })
    ).statusCode,
  };
}
const NO_RIGHTS = { guides: 404, members: 404, draft: 404, create: 404 };

describe('with SMTP: accepting needs a verified address', () => {
  it('refuses an unverified account registered for the invited address (403), which cannot verify itself', async () => {
    const { token, invitee } = await invited(mailing);
    const shown = await call(mailing, invitee, 'GET', `/invitations/${token}`);
    expect(shown.json<Invitation>().status).toBe('verify_email');

    // The account cannot mark its own address verified through the identity service's calls.
    const update = await mailing.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: invitee.headers,
      payload: { emailVerified: true, email_verified: true },
    });
    expect(update.statusCode).toBeLessThan(500);
    const twice = await mailing.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email: uniqueEmail('self'),
        password: 'correct horse battery staple',
        name: 'Self Verified',
        emailVerified: true,
      },
    });
    expect(twice.json<{ user: { emailVerified: boolean } }>().user.emailVerified).toBe(false);

    const accepted = await call(mailing, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json()).toEqual({
      message:
        'Confirm that this e-mail address is yours before you accept: ask for a confirmation link, open it from the e-mail, then accept.',
    });
    expect(await memberRow(invitee.user.id)).toBeUndefined();
    expect(await publisherCalls(mailing, invitee)).toEqual(NO_RIGHTS);
    expect((await call(mailing, invitee, 'GET', '/me')).json<StudioMe>()).toEqual({
      admin: false,
      organisations: [],
      pending: [],
    });
  });

  it('accepts once the address is proved by the mailed link, which leads back to the invitation', async () => {
    const { token, invitee } = await invited(mailing);
    const asked = await call(mailing, invitee, 'POST', `/invitations/${token}/verify-email`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ sent_to: invitee.user.email });
    // Another account cannot have the link sent for this invitation.
    expect(
      (await call(mailing, w.visitor, 'POST', `/invitations/${token}/verify-email`)).statusCode,
    ).toBe(403);

    const path = await verificationPath(smtp, invitee.user.email, PUBLIC_URL);
    // A link made for this account, tampered with, proves nothing.
    const forged = await openLink(
      mailing.app,
      path.replace(/token=([\w-]+)\.([\w-]+)\.[\w-]+/, 'token=$1.$2.AAAA'),
    );
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(
      `/studio/invitations/${token}?address=confirmed&error=INVALID_TOKEN`,
    );
    expect((await call(mailing, invitee, 'POST', `/invitations/${token}/accept`)).statusCode).toBe(
      403,
    );

    const opened = await openLink(mailing.app, path);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/studio/invitations/${token}?address=confirmed`);
    // The link signs nobody in: it only proves the address.
    expect(opened.headers['set-auth-token']).toBeUndefined();
    expect(
      (await call(mailing, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('ready');
    const again = await call(mailing, invitee, 'POST', `/invitations/${token}/verify-email`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your e-mail address is confirmed already: you can accept.');

    const accepted = await call(mailing, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({
      organisation: { id: w.orgB.id, name: 'City of Echoes', slug: w.orgB.slug, role: 'publisher' },
      status: 'member',
    });
    expect(await memberRow(invitee.user.id)).toBeDefined();
    const rights = await publisherCalls(mailing, invitee);
    expect(rights).toEqual({ guides: 200, members: 200, draft: 200, create: 201 });
  });
});

describe('without SMTP: an admin confirms who accepted', () => {
  it('records the acceptance as waiting, with no publisher rights, until the admin confirms', async () => {
    const { token, invitee } = await invited(plain);
    expect(
      (await call(plain, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('admin_confirms');
    const nomail = await call(plain, invitee, 'POST', `/invitations/${token}/verify-email`);
    expect(nomail.statusCode).toBe(409);

    const accepted = await call(plain, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('pending');
    expect(await memberRow(invitee.user.id)).toBeUndefined();
    expect(await publisherCalls(plain, invitee)).toEqual(NO_RIGHTS);
    expect((await call(plain, invitee, 'GET', '/me')).json<StudioMe>()).toEqual({
      admin: false,
      organisations: [],
      pending: [{ id: w.orgB.id, name: 'City of Echoes' }],
    });
    // The page says it waits; accepting again changes nothing.
    expect(
      (await call(plain, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('waiting');
    expect((await call(plain, invitee, 'POST', `/invitations/${token}/accept`)).json().status).toBe(
      'pending',
    );
    const listed = await call(plain, w.admin, 'GET', '/organisations');
    const orgB = listed.json<{ id: number; members: number }[]>().find((o) => o.id === w.orgB.id)!;
    const members = await call(plain, w.admin, 'GET', `/organisations/${w.orgB.id}/members`);
    expect(members.json<{ user_id: string }[]>().map((m) => m.user_id)).not.toContain(
      invitee.user.id,
    );
    expect(orgB.members).toBe(members.json<unknown[]>().length);

    // The admin sees who accepted: the account as registered, and the invitation.
    const pending = await call(
      plain,
      w.admin,
      'GET',
      `/organisations/${w.orgB.id}/pending-members`,
    );
    expect(pending.statusCode).toBe(200);
    const entry = pending.json<PendingMember[]>().find((p) => p.user_id === invitee.user.id)!;
    expect(entry).toEqual({
      invitation_id: expect.any(Number),
      user_id: invitee.user.id,
      name: 'Ines Invitee',
      email: invitee.user.email,
      accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      invited_email: invitee.user.email,
      invited_by: 'Ann Admin',
      invited_at: expect.stringMatching(/^\d{4}-/),
    });
    const confirmUrl = `/organisations/${w.orgB.id}/pending-members/${entry.invitation_id}/confirm`;
    // Only an admin confirms: not the one waiting, not another organisation's publisher.
    for (const who of [invitee, w.publisherB, w.publisherA])
      expect((await call(plain, who, 'POST', confirmUrl)).statusCode).toBe(403);
    expect(
      (
        await call(
          plain,
          w.admin,
          'POST',
          `/organisations/${w.orgA.id}/pending-members/${entry.invitation_id}/confirm`,
        )
      ).statusCode,
    ).toBe(404);
    expect(await memberRow(invitee.user.id)).toBeUndefined();

    expect((await call(plain, w.admin, 'POST', confirmUrl)).statusCode).toBe(204);
    expect(await publisherCalls(plain, invitee)).toEqual({
      guides: 200,
      members: 200,
      draft: 200,
      create: 201,
    });
    const me = (await call(plain, invitee, 'GET', '/me')).json<StudioMe>();
    expect(me.organisations.map((o) => o.id)).toEqual([w.orgB.id]);
    expect(me.pending).toEqual([]);
    expect((await call(plain, w.admin, 'POST', confirmUrl)).statusCode).toBe(404);
    expect((await call(plain, invitee, 'GET', `/invitations/${token}`)).statusCode).toBe(410);
  });

  it('refusing removes the acceptance: no member, the link answers 404', async () => {
    const { token, invitee } = await invited(plain);
    expect((await call(plain, invitee, 'POST', `/invitations/${token}/accept`)).json().status).toBe(
      'pending',
    );
    const pending = await call(
      plain,
      w.admin,
      'GET',
      `/organisations/${w.orgB.id}/pending-members`,
    );
    const entry = pending.json<PendingMember[]>().find((p) => p.user_id === invitee.user.id)!;
    const url = `/organisations/${w.orgB.id}/pending-members/${entry.invitation_id}`;
    expect((await call(plain, w.publisherB, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(plain, w.admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(plain, w.admin, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(plain, w.admin, 'POST', `${url}/confirm`)).statusCode).toBe(404);
    expect(await memberRow(invitee.user.id)).toBeUndefined();
    expect(await publisherCalls(plain, invitee)).toEqual(NO_RIGHTS);
    expect((await call(plain, invitee, 'GET', '/me')).json<StudioMe>().pending).toEqual([]);
    expect((await call(plain, invitee, 'GET', `/invitations/${token}`)).statusCode).toBe(404);
    const after = await call(plain, w.admin, 'GET', `/organisations/${w.orgB.id}/pending-members`);
    expect(after.json<PendingMember[]>().map((p) => p.user_id)).not.toContain(invitee.user.id);
  });

  it('lets an account whose address is verified (a provider vouched for it) join at once', async () => {
    const { token, invitee } = await invited(plain);
    await markVerified(plain.handle, invitee.user.id);
    expect(
      (await call(plain, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('ready');
    const accepted = await call(plain, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.json().status).toBe('member');
    expect(await memberRow(invitee.user.id)).toBeDefined();
  });

  it('shows the waiting list to admins only', async () => {
    const url = `/organisations/${w.orgB.id}/pending-members`;
    expect((await call(plain, w.publisherB, 'GET', url)).statusCode).toBe(403);
    expect((await call(plain, null, 'GET', url)).statusCode).toBe(401);
    expect(
      (await call(plain, w.admin, 'GET', '/organisations/999999/pending-members')).statusCode,
    ).toBe(404);
  });
});

describe('ADMIN_EMAILS with SMTP', () => {
  it('makes a listed address admin only once the mailed link proved it', async () => {
    const boss = await signUp(mailing.app, { email: BOSS, name: 'The Boss' });
    const admin = async () => (await call(mailing, boss, 'GET', '/me')).json<StudioMe>().admin;
    expect(await admin()).toBe(false);
    expect((await call(mailing, boss, 'GET', '/organisations')).statusCode).toBe(403);
    const asked = await mailing.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: boss.headers,
      payload: { email: BOSS },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await admin()).toBe(false);
    const opened = await openLink(mailing.app, await verificationPath(smtp, BOSS, PUBLIC_URL));
    expect(opened.statusCode, opened.body).toBeLessThan(400);
    expect(await admin()).toBe(true);
    expect((await call(mailing, boss, 'GET', '/organisations')).statusCode).toBe(200);
  });
});
