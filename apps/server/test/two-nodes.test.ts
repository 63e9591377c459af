import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type GuideBundleInput, type StudioMe } from '@earshot/core';
import { openDatabase } from '../src/db/database.js';
import { rolesRepository } from '../src/modules/studio/access/roles-repository.js';
import { TEST_PASSWORD, uniqueEmail } from './auth-helpers.js';
import { FIXTURE, readFixture } from './helpers.js';
import { startTwoNodes, type TwoNodes } from './support/two-nodes.js';

// docs/scale-out.md §1: two server processes on one PostgreSQL behind a proxy that alternates
// requests behave as one service. Runs only on PostgreSQL (DATABASE_URL=postgres://…); on
// SQLite one process owns its file, so there is nothing to share.
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(DATABASE_URL);
if (!onPostgres)
  console.log('two-nodes.test.ts: skipped (it needs DATABASE_URL=postgres://…, one database)');

const ADMIN = uniqueEmail('two-nodes-admin');
let pair: TwoNodes;

beforeAll(async () => {
  if (!onPostgres) return;
  // This worker's database, emptied as makeEnv does; the nodes migrate it as they start.
  const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: '/nonexistent' });
  await sql`drop schema if exists public cascade`.execute(handle.db);
  await sql`create schema public`.execute(handle.db);
  await handle.db.destroy();
  pair = await startTwoNodes({ databaseUrl: DATABASE_URL });
}, 120_000);
afterAll(async () => {
  await pair?.stop();
}, 60_000);

type Call = { status: number; node: string; body: unknown; headers: Headers };

/** A request through the proxy (or straight to `base`), from the client address `from`. */
async function call(
  method: string,
  url: string,
  opts: { from: string; body?: unknown; token?: string; base?: string; raw?: Uint8Array },
): Promise<Call> {
  // As the browser sends it: the app's own address (the proxy's, PUBLIC_URL of both nodes).
  const headers: Record<string, string> = { 'x-forwarded-for': opts.from, origin: pair.url };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Uint8Array | undefined;
  if (opts.raw) {
    headers['content-type'] = 'application/zip';
    body = opts.raw;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${opts.base ?? pair.url}${url}`, { method, headers, body });
  const text = await res.text();
  return {
    status: res.status,
    node: res.headers.get('x-earshot-node') ?? '',
    body: text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
    headers: res.headers,
  };
}

const signUp = async (email: string, from: string) => {
  const res = await call('POST', '/api/auth/sign-up/email', {
    from,
    body: { email, password: TEST_PASSWORD, name: 'Two Nodes' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res, token: res.headers.get('set-auth-token')! };
};

describe.skipIf(!onPostgres)('two nodes behind an alternating proxy', () => {
  it('sends consecutive requests to the two nodes in turn', async () => {
    const nodes = [];
    for (let i = 0; i < 4; i++)
      nodes.push((await call('GET', '/api/health/ready', { from: '10.20.0.1' })).node);
    expect(new Set(nodes)).toEqual(new Set(['node-a', 'node-b']));
    expect(nodes[0]).not.toBe(nodes[1]);
    expect(nodes[2]).toBe(nodes[0]);
  });

  it('a session made on one node works on the other, and ends on both at sign-out', async () => {
    const email = uniqueEmail('session');
    const made = await signUp(email, '10.21.0.1');
    const seen = await call('GET', '/api/auth/get-session', {
      from: '10.21.0.1',
      token: made.token,
    });
    expect(seen.node).not.toBe(made.node);
    expect((seen.body as { user: { email: string } }).user.email).toBe(email);
    const me = await call('GET', '/api/v1/studio/me', { from: '10.21.0.1', token: made.token });
    expect(me.status).toBe(200);
    const out = await call('POST', '/api/auth/sign-out', { from: '10.21.0.1', token: made.token });
    expect(out.status).toBe(200);
    for (const node of pair.nodes) {
      const after = await call('GET', '/api/v1/studio/me', {
        from: '10.21.0.1',
        token: made.token,
        base: node.url,
      });
      expect(after.status, node.name).toBe(401);
    }
  });

  it('counts the sign-in failures of both nodes together for the lockout', async () => {
    const email = uniqueEmail('lockout');
    await signUp(email, '10.22.0.1');
    const nodes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/auth/sign-in/email', {
        from: `10.22.1.${i}`,
        body: { email, password: 'not the password' },
      });
      expect(res.status).toBe(401);
      nodes.add(res.node);
    }
    // Three failures on one node and two on the other: neither alone reached 5.
    expect(nodes).toEqual(new Set(['node-a', 'node-b']));
    for (let i = 0; i < 2; i++) {
      const locked = await call('POST', '/api/auth/sign-in/email', {
        from: `10.22.2.${i}`,
        body: { email, password: TEST_PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    }
  });

  it('counts the writes of one address on both nodes against one limit', async () => {
    const from = '198.51.100.21';
    const statuses: Record<string, number[]> = { 'node-a': [], 'node-b': [] };
    const all: number[] = [];
    for (let i = 0; i < 130; i++) {
      const res = await call('POST', '/api/v1/events/', {
        from,
        body: { kind: 'city-list-view', place: 'Two Nodes' },
      });
      statuses[res.node]!.push(res.status);
      all.push(res.status);
    }
    // 120 a minute for the address, not 120 per node: each node let part of them through.
    // (The limit counts every write, taken or refused for its content: no guide is in
    // Testville here, so those let through answer 400.)
    const through = (list: number[]) => list.filter((s) => s !== 429).length;
    expect(through(all)).toBe(120);
    expect(all.filter((s) => s === 429)).toHaveLength(10);
    expect(all.slice(0, 120).every((s) => s !== 429)).toBe(true);
    expect(through(statuses['node-a']!)).toBeGreaterThan(0);
    expect(through(statuses['node-b']!)).toBeGreaterThan(0);
    // Another address is not limited.
    const other = await call('POST', '/api/v1/events/', {
      from: '198.51.100.22',
      body: { kind: 'city-list-view', place: 'Two Nodes' },
    });
    expect(other.status).not.toBe(429);
  });

  it('a guide published on one node is listed by the other within the version check time', async () => {
    const [a, b] = pair.nodes;
    const admin = await signUp(ADMIN, '10.23.0.1');
    // Made admin as `npm run admin -- grant` does (ADMIN_EMAILS wants a verified address).
    const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: '/nonexistent' });
    await rolesRepository(handle.db).grantAdmin((admin.body as { user: { id: string } }).user.id);
    await handle.db.destroy();
    const me = await call('GET', '/api/v1/studio/me', { from: '10.23.0.1', token: admin.token });
    const organisation = (me.body as StudioMe).organisations[0]!.id;
    const tokens = async (base: string) =>
      (
        (await call('GET', '/api/v1/tours', { from: '10.23.0.2', base })).body as {
          token: string;
        }[]
      ).map((g) => g.token);
    // Both nodes have the list in their response cache.
    for (const node of [a, b]) {
      expect(await tokens(node.url)).not.toContain('two-node-walk');
      expect(await tokens(node.url)).not.toContain('two-node-walk');
    }
    const imported = await call('POST', `/api/v1/studio/import?organisation=${organisation}`, {
      from: '10.23.0.1',
      token: admin.token,
      raw: await fixtureZip('two-node-walk'),
      base: a.url,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const published = await call('POST', '/api/v1/studio/guides/two-node-walk/publish', {
      from: '10.23.0.1',
      token: admin.token,
      body: { revision: (imported.body as { revision: number }).revision },
      base: a.url,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const t0 = Date.now();
    let listed = false;
    while (!listed && Date.now() - t0 < 5000) {
      listed = (await tokens(b.url)).includes('two-node-walk');
      if (!listed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(listed).toBe(true);
    // Each node re-reads the content version at most once a second.
    expect(Date.now() - t0).toBeLessThan(2000);
    const guide = await call('GET', '/api/v1/tour-by-token/two-node-walk', {
      from: '10.23.0.2',
      base: b.url,
    });
    expect(guide.status).toBe(200);
  });
});

/** The fixture bundle as a .zip under another token. */
async function fixtureZip(token: string): Promise<Uint8Array> {
  const bundle: GuideBundleInput = await readFixture();
  bundle.guide.token = token;
  bundle.pois!.forEach((p) => (p.token = `${token}-${p.token}`));
  bundle.badges!.forEach((x) => {
    x.token = `${token}-${x.token}`;
    x.levels.forEach((l) => (l.token = `${token}-${l.token}`));
    if (x.visited_item && bundle.pois!.some((p) => p.token === `${token}-${x.visited_item}`))
      x.visited_item = `${token}-${x.visited_item}`;
  });
  bundle.hunts!.forEach((h) => h.challenges.forEach((c) => c.poi && (c.poi = `${token}-${c.poi}`)));
  const files: Record<string, Uint8Array> = { 'guide.json': strToU8(JSON.stringify(bundle)) };
  for (const name of await readdir(path.join(FIXTURE, 'media')))
    files[`media/${name}`] = await readFile(path.join(FIXTURE, 'media', name));
  return zipSync(files);
}
