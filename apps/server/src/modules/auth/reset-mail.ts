import type { SmtpConfig } from '../../config.js';
import { smtpTransport } from '../../smtp-transport.js';

export type ResetMailer = (to: { email: string; name: string }, link: string) => Promise<void>;

/** Sends the password-reset e-mail over SMTP (nodemailer); the link leads to the web page. */
export function smtpResetMailer(smtp: SmtpConfig): ResetMailer {
  const transport = smtpTransport(smtp);
  return async (to, link) => {
    await transport.sendMail({
      from: smtp.from,
      to: to.email,
      subject: 'Reset your Earshot password',
      text: [
        `Hello ${to.name},`,
        '',
        'Someone asked to reset the password of your Earshot account. To choose a new one, open:',
        '',
        link,
        '',
        'The link works once, for one hour. If you did not ask for it, ignore this e-mail: your',
        'password stays as it is.',
      ].join('\n'),
    });
  };
}
