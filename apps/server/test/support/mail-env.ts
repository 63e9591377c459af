// The app the abuse and log tests sign people up on: its mail (reset links, invitations) goes to
// a real SMTP server of the test file's own, and, asked, its whole log at level trace is kept
// line by line so that a test can search it for secrets. Used by abuse-logs, abuse-sessions
// and auth-logs.
import type { AuthConfig } from '../../src/config.js';
import { makeEnv, type TestEnv } from '../helpers.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';

export type MailEnv = {
  env: TestEnv;
  smtp: TestSmtpServer;
  /** Every log line so far (empty unless `log` was asked). */
  lines: string[];
  close(): Promise<void>;
};

export async function startMailEnv(opts: {
  publicUrl: string;
  /** The SMTP password (a secret the log tests look for). */
  smtpPass: string;
  /** Keep the log at level trace, the most it can say. */
  log?: boolean;
  /** More of the auth settings (an AUTH_SECRET, Google's). */
  auth?: Partial<AuthConfig>;
  from?: string;
}): Promise<MailEnv> {
  const smtp = await startSmtpServer({ user: 'mailer', pass: opts.smtpPass });
  const lines: string[] = [];
  const env = await makeEnv({
    ...(opts.log
      ? { logLevel: 'trace', logStream: { write: (line: string) => void lines.push(line) } }
      : {}),
    auth: {
      publicUrl: opts.publicUrl,
      smtp: {
        host: smtp.host,
        port: smtp.port,
        secure: false,
        user: 'mailer',
        pass: opts.smtpPass,
        from: opts.from ?? 'Earshot <no-reply@earshot.example.test>',
      },
      ...opts.auth,
    },
  });
  return {
    env,
    smtp,
    lines,
    async close() {
      await env.close();
      await smtp.close();
    },
  };
}

/** The values of the cookies an answer set, as sent and decoded (secrets a log must not hold). */
export const cookieValues = (setCookie: string | string[] | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0]!)
    .map((c) => c.slice(c.indexOf('=') + 1))
    .flatMap((v) => [v, decodeURIComponent(v)]);
