import type { FastifyInstance } from 'fastify';
import type { TestSmtpServer } from './support/smtp-server.js';

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
