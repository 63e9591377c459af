import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, StudioMe } from '@earshot/core';
import { signUp, uniqueEmail, type SignedUp } from './auth-helpers.js';
import type { TestEnv } from './helpers.js';
import type { StudioWorld } from './studio-helpers.js';
import {
  ALL_RIGHTS,
  NO_RIGHTS,
  PROOF_PUBLIC_URL,
  openLink,
  startProofWorld,
  verificationPath,
  type ProofWorld,
} from './address-proof-helpers.js';

// An invitation link makes a publisher only of someone who proved the address it was sent to
// (docs/studio.md Roles). Registering an address proves nothing (it is not verified), so whoever
// holds a link could register the invited address and accept. With SMTP the address is proved by
// the mailed link (this file); without, an admin confirms who accepted (studio-members-pending).

const BOSS = uniqueEmail('boss');
let world: ProofWorld;
let smtp: ProofWorld['smtp'];
let mailing: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  world = await startProofWorld({ adminEmails: [BOSS] });
  ({ smtp, mailing, w } = world);
});
afterAll(() => world.close());
const call: ProofWorld['call'] = (...args) => world.call(...args);
const invited = (env: TestEnv) => world.invited(env);
const memberRow = (userId: string) => world.memberRow(userId);
const publisherCalls = (env: TestEnv, who: SignedUp) => world.publisherCalls(env, who);

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

    const path = await verificationPath(smtp, invitee.user.email, PROOF_PUBLIC_URL);
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
    expect(rights).toEqual(ALL_RIGHTS);
  });
});

describe('when the mail server refuses the confirmation mail', () => {
  it('answers 503 with a message, and the invitation stays open', async () => {
    // Nothing listens on port 9: the connection is refused.
    const app = await world.appWithSmtp({
      host: '127.0.0.1',
      port: 9,
      secure: false,
      from: 'Earshot <x@example.test>',
    });
    try {
      const broken = { ...mailing, app };
      const { token, invitee } = await invited(mailing);
      const res = await call(broken, invitee, 'POST', `/invitations/${token}/verify-email`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'The confirmation e-mail could not be sent. Please try again later.',
      });
      const shown = await call(broken, invitee, 'GET', `/invitations/${token}`);
      expect(shown.json<Invitation>().status).toBe('verify_email');
    } finally {
      await app.close();
    }
  });
});

describe('the confirmation link', () => {
  it('leads only to this server: another site as its destination is refused', async () => {
    const who = await signUp(mailing.app, { name: 'Rita Redirect' });
    for (const callbackURL of ['https://evil.example/x', '//evil.example/x']) {
      const asked = await mailing.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: who.headers,
        payload: { email: who.user.email, callbackURL },
      });
      expect(asked.statusCode, callbackURL).toBe(403);
    }
    const asked = await mailing.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: who.headers,
      payload: { email: who.user.email },
    });
    expect(asked.statusCode).toBe(200);
    const path = await verificationPath(smtp, who.user.email, PROOF_PUBLIC_URL);
    for (const callbackURL of ['https://evil.example/x', '//evil.example/x']) {
      const swapped = path.replace(
        /callbackURL=[^&]*/,
        `callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      const opened = await openLink(mailing.app, swapped);
      expect(opened.statusCode, callbackURL).toBe(403);
      expect(opened.headers.location).toBeUndefined();
    }
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
    const opened = await openLink(
      mailing.app,
      await verificationPath(smtp, BOSS, PROOF_PUBLIC_URL),
    );
    expect(opened.statusCode, opened.body).toBeLessThan(400);
    expect(await admin()).toBe(true);
    expect((await call(mailing, boss, 'GET', '/organisations')).statusCode).toBe(200);
  });
});
