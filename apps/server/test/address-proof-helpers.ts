import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { InvitationCreated } from '@earshot/core';
import { buildApp } from '../src/app.js';
import { signUp, uniqueEmail, type SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

/** The subject of the mail that confirms an address (modules/auth/verify-mail.ts). */
export const VERIFY_SUBJECT = 'Confirm your e-mail address for Earshot';

/** The newest mail to `to` with `subject` the test SMTP server caught, waiting for it. */
export async function mailWithSubject(
  smtp: TestSmtpServer,
  to: string,
  subject: string,
  timeoutMs = 10_000,
) {
  const want = to.toLowerCase();
  const t0 = Date.now();
  for (;;) {
    const mail = smtp.mails.filter((m) => m.to.includes(want) && m.subject === subject).at(-1);
    if (mail) return mail;
    if (Date.now() - t0 > timeoutMs) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link in the newest confirmation mail to `to`, as a path of the app (PUBLIC_URL cut). */
export async function verificationPath(smtp: TestSmtpServer, to: string, publicUrl: string) {
  const mail = await mailWithSubject(smtp, to, VERIFY_SUBJECT);
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  if (!link.startsWith(`${publicUrl}/api/auth/verify-email?token=`))
    throw new Error(`unexpected confirmation link ${link}`);
  return link.slice(publicUrl.length);
}

/** Opens a confirmation link as the mail's reader does: no session, just the link. */
export const openLink = (app: FastifyInstance, path: string) =>
  app.inject({ method: 'GET', url: path });

export const PROOF_PUBLIC_URL = 'https://earshot.example.test';
const LINK = /\/studio\/invitations\/([\w-]{43})/;
const SECRET = 'studio invitation proof test secret, 32+ characters';

type Who = { headers: { authorization: string } } | null;

/**
 * The world of the invitation-proof tests (docs/studio.md Roles): one database with the studio's
 * two organisations, an app with SMTP (`mailing`, mail caught by `smtp`) and one without
 * (`plain`), sharing the secret so that a session works on both.
 */
export async function startProofWorld(opts: { adminEmails?: string[] } = {}) {
  const smtp = await startSmtpServer();
  const mailing = await makeEnv({
    auth: {
      publicUrl: PROOF_PUBLIC_URL,
      secret: SECRET,
      adminEmails: opts.adminEmails,
      smtp: {
        host: smtp.host,
        port: smtp.port,
        secure: false,
        from: 'Earshot <no-reply@earshot.example.test>',
      },
    },
  });
  const app = await buildApp({
    handle: mailing.handle,
    mediaDir: mailing.mediaDir,
    mediaStore: mailing.media,
    versionCheckMs: 0,
    auth: { publicUrl: PROOF_PUBLIC_URL, secret: SECRET },
  });
  const plain: TestEnv = { ...mailing, app };
  const w: StudioWorld = await makeStudioWorld(mailing);

  const call = (env: TestEnv, who: Who, method: string, url: string, payload?: object) =>
    env.app.inject({
      method: method as 'GET',
      url: `/api/v1/studio${url}`,
      headers: who?.headers ?? {},
      ...(payload ? { payload } : {}),
    });

  return {
    smtp,
    mailing,
    plain,
    w,
    call,
    /** An app like `mailing` on the same database, whose SMTP settings are `smtp`. */
    async appWithSmtp(smtpConfig: NonNullable<Parameters<typeof buildApp>[0]['auth']>['smtp']) {
      return buildApp({
        handle: mailing.handle,
        mediaDir: mailing.mediaDir,
        mediaStore: mailing.media,
        versionCheckMs: 0,
        auth: { publicUrl: PROOF_PUBLIC_URL, secret: SECRET, smtp: smtpConfig },
      });
    },

    /** An invitation of orgB for a new address (its token), and the account registered with it. */
    async invited(env: TestEnv): Promise<{ token: string; invitee: SignedUp }> {
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
    },

    memberRow: (userId: string) =>
      mailing.handle.db
        .selectFrom('organisation_members')
        .select('user_id')
        .where('organisation_id', '=', w.orgB.id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** What a publisher of orgB may do (list, members, open a draft, create one): statuses. */
    async publisherCalls(env: TestEnv, who: SignedUp) {
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
    },

    async close() {
      await plain.app.close();
      await mailing.close();
      await smtp.close();
    },
  };
}

export type ProofWorld = Awaited<ReturnType<typeof startProofWorld>>;
/** What a publisher of orgB may do, refused as to a non-member. */
export const NO_RIGHTS = { guides: 404, members: 404, draft: 404, create: 404 };
export const ALL_RIGHTS = { guides: 200, members: 200, draft: 200, create: 201 };
