import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, guideDetailSchema } from '@earshot/core';
import { openDatabase } from '../src/db/database.js';
import { TOURS_PREFIX } from '../src/storage/keys.js';
import { TEST_PASSWORD, uniqueEmail } from './auth-helpers.js';
import {
  buildAll,
  caddyVersion,
  startDeployLayout,
  type DeployLayout,
} from './support/deploy-layout.js';

// deploy/compose.yaml's layout (docs/deploy.md) run for real with what this machine has (no
// Docker, no image registry): PostgreSQL, s3rver for MinIO, the two app nodes built and
// started with the compose file's environment, and Caddy running deploy/Caddyfile
// (support/deploy-layout.ts). Every request goes through Caddy, as a visitor's would.
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const caddy = caddyVersion();
const skip = !/^postgres(ql)?:\/\//.test(DATABASE_URL)
  ? 'it needs DATABASE_URL=postgres://…: the layout is N nodes on one PostgreSQL'
  : !caddy
    ? 'it needs the `caddy` program (apt-get install caddy; .ci/run installs it)'
    : '';
if (skip) console.log(`deploy-layout.test.ts: skipped (${skip})`);

const GUIDE = 'austin-congress-avenue';
let layout: DeployLayout;

beforeAll(async () => {
  if (skip) return;
  // The image's build stage: the web app and the server, built as `npm start` builds them.
  buildAll();
  const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: '/nonexistent' });
  await sql`drop schema if exists public cascade`.execute(handle.db);
  await sql`create schema public`.execute(handle.db);
  await handle.db.destroy();
  layout = await startDeployLayout(DATABASE_URL);
}, 600_000);
afterAll(async () => {
  await layout?.stop();
}, 60_000);

type Answer = { status: number; node: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A request to Caddy, from the client address `from` (any 127.x.y.z: Linux answers them all on
 * the loopback), without keep-alive: each request is a new visitor's connection.
 */
function call(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { origin: layout.url, ...opts.headers };
  if (body) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: layout.port,
        path,
        method: opts.method ?? 'GET',
        headers,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            node: String(res.headers['x-earshot-node'] ?? ''),
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const json = <T>(a: Answer) => JSON.parse(a.body.toString()) as T;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip)(
  'the compose layout, run with PostgreSQL, s3rver, two nodes and Caddy',
  () => {
    it("gives every node the compose file's environment, changing only addresses, paths and keys", () => {
      const changed = ['DATABASE_URL', 'DATA_DIR', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID'];
      for (const node of layout.nodes) {
        const compose = layout.composeEnv[node.name]!;
        expect(Object.keys(node.env).sort(), node.name).toEqual(
          [...Object.keys(compose), 'HOST'].sort(),
        );
        const same = Object.keys(compose).filter(
          (k) => ![...changed, 'S3_SECRET_ACCESS_KEY'].includes(k),
        );
        for (const k of same) expect(node.env[k], `${node.name} ${k}`).toBe(compose[k]);
        expect(node.env).toMatchObject({
          NODE_ENV: 'production',
          TRUST_PROXY: '1',
          NODE_NAME: node.name,
        });
      }
      expect(caddy).toMatch(/^v?2\./);
    });

    it('answers the ready check through Caddy, from both nodes in turn', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const res = await call('/api/health/ready');
        expect(res.status).toBe(200);
        expect(json(res)).toEqual({ status: 'ready' });
        seen.add(res.node);
      }
      expect(seen).toEqual(new Set(['node-a', 'node-b']));
    });

    it('serves the home page and a guide page', async () => {
      const home = await call('/');
      expect(home.status).toBe(200);
      expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(home.body.toString()).toContain('<title>');
      const guide = await call(`/guide/${GUIDE}`);
      expect(guide.status).toBe(200);
      expect(guide.body.toString()).toContain('<title>Congress Avenue Art · Earshot</title>');
    });

    it("serves a stop's audio from the bucket, a byte range as 206", async () => {
      const detail = guideDetailSchema.parse(json(await call(`/api/v1/tour-by-token/${GUIDE}`)));
      const audio = detail.pois[0]!.audio_url!;
      const key = TOURS_PREFIX + audio.replace(/^\/static\/tours\//, '').split('?')[0]!;
      const object = await layout.s3.store.head(key);
      expect(object, key).not.toBeNull();
      const whole = await call(audio);
      expect(whole.status).toBe(200);
      expect(whole.body.length).toBe(object!.size);
      const part = await call(audio, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${object!.size}`);
      expect(part.body).toEqual(whole.body.subarray(100, 200));
    });

    it('keeps a session made on one request for the next ones, on both nodes', async () => {
      const email = uniqueEmail('layout-session');
      const made = await call('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email, password: TEST_PASSWORD, name: 'Layout' },
      });
      expect(made.status, made.body.toString()).toBe(200);
      const cookie = ([] as string[])
        .concat(made.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(cookie).not.toBe('');
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const res = await call('/api/auth/get-session', { headers: { cookie } });
        expect(res.status).toBe(200);
        expect(json<{ user: { email: string } }>(res).user.email).toBe(email);
        seen.add(res.node);
      }
      expect(seen).toEqual(new Set(['node-a', 'node-b']));
    });

    it('counts sign-in failures per client address as Caddy tells it (X-Forwarded-For)', async () => {
      const email = uniqueEmail('layout-lockout');
      const made = await call('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email, password: TEST_PASSWORD, name: 'Layout' },
      });
      expect(made.status).toBe(200);
      // 20 failures from one address (each on another account: the account lockout stays out).
      const nodes = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const res = await call('/api/auth/sign-in/email', {
          method: 'POST',
          from: '127.0.0.2',
          body: { email: uniqueEmail(`layout-nobody-${i}`), password: 'not the password' },
        });
        expect(res.status, res.body.toString()).toBe(401);
        nodes.add(res.node);
      }
      expect(nodes).toEqual(new Set(['node-a', 'node-b']));
      // That address is locked out, whatever X-Forwarded-For it sends itself (Caddy replaces it)…
      for (const spoof of [undefined, '203.0.113.7']) {
        const locked = await call('/api/auth/sign-in/email', {
          method: 'POST',
          from: '127.0.0.2',
          headers: spoof ? { 'x-forwarded-for': spoof } : {},
          body: { email, password: TEST_PASSWORD },
        });
        expect(locked.status).toBe(429);
        expect(json(locked)).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
      }
      // … and another one is not.
      const other = await call('/api/auth/sign-in/email', {
        method: 'POST',
        from: '127.0.0.3',
        body: { email, password: TEST_PASSWORD },
      });
      expect(other.status, other.body.toString()).toBe(200);
    });

    it('stops a node gracefully under traffic: no request fails, the other node takes it', async () => {
      // Two POSTs in flight (bodies half sent): round robin gives one to each node.
      const slow = [await slowPost(), await slowPost()];
      const [stopping, staying] = layout.nodes;
      const results: { status: number | string; node: string; at: number }[] = [];
      let running = true;
      const visitor = async (path: string) => {
        while (running) {
          const res = await call(path).then(
            (r) => ({ status: r.status, node: r.node }),
            (e: Error) => ({ status: e.message, node: '' }),
          );
          results.push({ ...res, at: Date.now() });
        }
      };
      const load = ['/api/health/ready', '/api/v1/tours', `/guide/${GUIDE}`, '/'].map(visitor);
      await sleep(500);
      const signalled = Date.now();
      const exited = stopping!.stop('SIGTERM');
      await sleep(300);
      for (const post of slow) post.finish();
      const answers = await Promise.all(slow.map((post) => post.answer()));
      expect(await exited).toBe(0);
      const gone = Date.now();
      // Past Caddy's next health check (health_interval 2s): only the other node from then on.
      await sleep(3000);
      running = false;
      await Promise.all(load);

      for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      expect(answers.some((a) => a.includes(`x-earshot-node: ${stopping!.name}`))).toBe(true);
      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      expect(results.some((r) => r.at < signalled && r.node === stopping!.name)).toBe(true);
      const after = results.filter((r) => r.at > gone);
      expect(after.length).toBeGreaterThan(10);
      expect(new Set(after.map((r) => r.node))).toEqual(new Set([staying!.name]));
      expect(stopping!.output()).toContain('earshot: stopped');
    });
  },
);

const BODY = JSON.stringify({ kind: 'city-list-view', place: 'Austin' });

/** A POST to Caddy whose body is half sent: in flight until `finish` sends the rest. */
async function slowPost() {
  const socket = connect(layout.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const half = Math.floor(BODY.length / 2);
  socket.write(
    `POST /api/v1/events/ HTTP/1.1\r\nHost: 127.0.0.1:${layout.port}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n` +
      BODY.slice(0, half),
  );
  // Caddy has passed the request on once a node has it.
  await sleep(200);
  return {
    finish: () => socket.write(BODY.slice(half)),
    /** The raw answer (status line and headers, lower-cased names), once Caddy closed. */
    answer: async () => {
      await closed;
      return answer.replace(/^([^:\r\n]+):/gm, (_m, name: string) => `${name.toLowerCase()}:`);
    },
  };
}
