import type { SmtpConfig } from '../../config.js';
import { smtpTransport } from '../../smtp-transport.js';

export type VerifyMailer = (to: { email: string; name: string }, link: string) => Promise<void>;

/** How long the link that confirms an address works (better-auth's `expiresIn`, seconds). */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/**
 * Sends the link that confirms an account's address over SMTP (nodemailer). Whoever registered
 * the address may have asked for it, so the mail says plainly what opening it does.
 */
export function smtpVerifyMailer(smtp: SmtpConfig): VerifyMailer {
  const transport = smtpTransport(smtp);
  return async (to, link) => {
    await transport.sendMail({
      from: smtp.from,
      to: to.email,
      subject: 'Confirm your e-mail address for Earshot',
      text: [
        `Hello ${to.name},`,
        '',
        `An Earshot account registered with this address (${to.email}) asked to confirm that the`,
        'address is its own (to accept an invitation to the studio, for example). If that was you,',
        'open:',
        '',
        link,
        '',
        'The link works for 24 hours. If you did not ask for it, do not open it: ignore this',
        'e-mail, and nothing changes.',
      ].join('\n'),
    });
  };
}
