// A real SMTP server for tests (smtp-server + mailparser) that keeps every mail it receives.
// In a test: `const smtp = await startSmtpServer()`, point SMTP_HOST/SMTP_PORT at
// smtp.host/smtp.port, then `await smtp.waitForMail(address)`. For an e2e run start it as a
// process (`npx tsx apps/server/test/support/smtp-server.ts`, ports from SMTP_TEST_PORT and
// SMTP_TEST_INBOX_PORT): the mails are then read over HTTP at GET /mails?to=<address>.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
};

export type TestSmtpServer = {
  host: string;
  port: number;
  mails: CaughtMail[];
  /** The first mail to `to` (case-insensitive) received from now on or already held. */
  waitForMail(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

export type SmtpServerOptions = {
  port?: number;
  host?: string;
  /** When given, clients must log in with these (AUTH PLAIN/LOGIN); otherwise no login. */
  user?: string;
  pass?: string;
};

const addresses = (v: unknown): string[] => {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  return list.flatMap((a: { value?: { address?: string }[] }) =>
    (a.value ?? []).map((x) => (x.address ?? '').toLowerCase()),
  );
};

export async function startSmtpServer(opts: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const host = opts.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  const waiters = new Set<(m: CaughtMail) => void>();
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to make, and the test sees what was sent.
    disabledCommands: opts.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass)
        return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: CaughtMail = {
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          };
          mails.push(mail);
          for (const w of waiters) w(mail);
          cb();
        },
        (e: Error) => cb(e),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    host,
    port,
    mails,
    waitForMail(to, timeoutMs = 10_000) {
      const want = to.toLowerCase();
      const held = mails.find((m) => m.to.includes(want));
      if (held) return Promise.resolve(held);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (m: CaughtMail) => {
          if (!m.to.includes(want)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(m);
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An HTTP view of the caught mails for another process: GET /mails?to=<address>. */
export function serveInbox(smtp: TestSmtpServer, port: number, host = '127.0.0.1'): Server {
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname !== '/mails') {
      res.writeHead(url.pathname === '/health' ? 200 : 404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? smtp.mails.filter((m) => m.to.includes(to)) : smtp.mails;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  return http.listen(port, host);
}

if (process.argv[1]?.endsWith('smtp-server.ts')) {
  const smtp = await startSmtpServer({ port: Number(process.env.SMTP_TEST_PORT ?? 2525) });
  const inboxPort = Number(process.env.SMTP_TEST_INBOX_PORT ?? 2580);
  serveInbox(smtp, inboxPort);
  console.log(`SMTP on ${smtp.host}:${smtp.port}, inbox at http://${smtp.host}:${inboxPort}/mails`);
}
