import type { SmtpConfig } from '../../../config.js';
import { smtpTransport } from '../../../smtp-transport.js';

export type InviteMailer = (
  to: string,
  invite: { organisation: string; invitedBy: string; link: string; expiresAt: string },
) => Promise<void>;

/** Sends a studio invitation over SMTP (the same settings as the password-reset mail). */
export function smtpInviteMailer(smtp: SmtpConfig): InviteMailer {
  const transport = smtpTransport(smtp);
  return async (to, invite) => {
    await transport.sendMail({
      from: smtp.from,
      to,
      subject: `Join ${invite.organisation} on Earshot`,
      text: [
        'Hello,',
        '',
        `${invite.invitedBy} invites you to publish guides for ${invite.organisation} in the Earshot studio.`,
        `To accept, open this link and sign in (or register) with this e-mail address (${to}):`,
        '',
        invite.link,
        '',
        `The link works once, until ${invite.expiresAt.slice(0, 10)}. If you did not expect it, ignore this e-mail.`,
      ].join('\n'),
    });
  };
}
