import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../src/bundles/bundle-import.js';
import { LIMIT_TABLES } from '../src/modules/limits/repository.js';
import { rolesRepository } from '../src/modules/studio/access/roles-repository.js';
import { signUp, type SignedUp } from './auth-helpers.js';
import {
  bodySchemaOf,
  requestArb,
  type Auth,
  type BodySchema,
  type FuzzRequest,
} from './fuzz-requests.js';
import { importFixture, makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';
import { routesOf, type Route } from './route-list.js';
import { changedTables, tableChecksums, type Checksums } from './table-checksum.js';

/**
 * Property: whatever a client sends to any route of the app, as a visitor, as a signed-in user
 * or studio admin (real sessions, signed up through the API) or with a forged token, the
 * answer is never a 5xx, a refusal is a 4xx that says why, and a refused write changes no
 * table (every table's checksum after it equals the one before). Routes are read from the app
 * itself, so new ones are fuzzed without editing this file. FUZZ_RUNS and FUZZ_SEED replay or
 * widen a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

let env: TestEnv;
let routes: Route[];
let queryKeys: string[];
let bodies: Map<string, BodySchema>;
const sessions: Partial<Record<Auth, SignedUp>> = {};
let admins = 0;
let sessionsRenewed = 0;
/**
 * Tables that count the requests themselves rather than what they ask for: the shared write
 * limit and sign-in lockout count every write and sign-in attempt, refused or not.
 */
const BOOKKEEPING: readonly string[] = LIMIT_TABLES;

let web: string;
beforeAll(async () => {
  // A small built web app, so that its routes (files, SPA fallback) are fuzzed too.
  web = await mkdtemp(path.join(os.tmpdir(), 'earshot-fuzz-web-'));
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Earshot</title>');
  await writeFile(path.join(web, 'assets', 'app.js'), 'export {};');
  // Writes are rate-limited per address; here every write must reach validation.
  env = await makeEnv({
    webDist: web,
    writesPerMinute: 1_000_000,
  });
  await importFixture(env);
  for (let i = 0; i < 2; i++)
    await importBundle(
      env.handle,
      env.media,
      await writeSmallGuide(
        env.dir,
        `fz-${i}`,
        i ? 'Coeur d’Alene' : 'Portland',
        'Oregon',
        45,
        -122,
      ),
    );
  routes = routesOf(env.app);
  await env.app.ready();
  await renew('visitor');
  await renew('admin');
  const doc = env.app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
    >;
  };
  const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
  queryKeys = [
    ...new Set(
      ops.flatMap((o) => (o.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
    ),
  ];
  bodies = new Map(
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.values(item)
        .map((o) => bodySchemaOf(o.requestBody))
        .filter((b): b is BodySchema => b !== undefined)
        .map((b) => [p.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'), b] as const),
    ),
  );
  expect(bodies.size).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await env.close();
  await rm(web, { recursive: true, force: true });
});

/**
 * A new account for `who`, signed up through better-auth's real call (a fuzzed request may end a
 * session: sign-out, unregister); an admin by the role `npm run admin -- grant` gives.
 */
async function renew(who: 'visitor' | 'admin') {
  sessions[who] = await signUp(env.app, { name: `Fuzz ${who}` });
  if (who === 'admin') {
    await rolesRepository(env.handle.db).grantAdmin(sessions[who].user.id);
    admins++;
  }
  sessionsRenewed++;
}

/** Whether a session still works (a fuzzed sign-out, unregister or password change may end it). */
async function alive(who: 'visitor' | 'admin') {
  const res = await env.app.inject({
    url: '/api/auth/get-session',
    headers: sessions[who]!.headers,
  });
  return res.statusCode === 200 && res.body !== 'null';
}

function authHeaders(auth: Auth): Record<string, string> {
  if (auth === 'none') return {};
  if (auth === 'forged') return { authorization: 'Bearer Zm9yZ2Vk.Zm9yZ2VkLXNpZ25hdHVyZQ==' };
  return sessions[auth]!.headers;
}

/**
 * A refusal says why: the API answers JSON with a message; a page or file outside the API that
 * is not there answers the app's own HTML (its 404 screen). HEAD answers carry no body.
 */
function unclear(req: FuzzRequest, res: LightMyRequestResponse) {
  if (res.statusCode < 400 || res.statusCode >= 500 || req.method === 'HEAD') return undefined;
  const encoding = res.headers['content-encoding'];
  const body = (
    encoding === 'br'
      ? brotliDecompressSync(res.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(res.rawPayload)
        : res.rawPayload
  ).toString('utf8');
  const type = String(res.headers['content-type']);
  if (!req.url.startsWith('/api/') && type.startsWith('text/html') && /<title>/.test(body))
    return undefined;
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return undefined;
  } catch {
    // not JSON
  }
  return `${req.method} ${req.url} → ${res.statusCode} ${type} ${body.slice(0, 120)}`;
}

describe('fuzz: generated requests across every route', () => {
  it('reads every route of the app, documented or not', () => {
    // `:a|:b` is one tree node for two routes that name the same parameter differently.
    const paths = new Set(
      routes.flatMap((r) => {
        const alternatives = /:([^/]+)/.exec(r.path)?.[1]?.split('|:') ?? [];
        return alternatives.length > 1
          ? alternatives.map((a) => r.path.replace(/:[^/]+/, `:${a}`))
          : [r.path];
      }),
    );
    const documented = Object.keys(env.app.swagger().paths ?? {}).map((p) =>
      p.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'),
    );
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((p) => !paths.has(p))).toEqual([]);
    for (const p of ['*', '/index.html', '/api/v1/:resource', '/api/docs/json'])
      expect(paths.has(p), p).toBe(true);
  });

  it('never answers 5xx, refuses with a reason, and refused writes change no table', async () => {
    const statuses = new Map<number, number>();
    const checksums = tableChecksums(env.handle, BOOKKEEPING);
    await checksums.watch();
    let baseline: Checksums = await checksums.take();
    const changed = (now: Checksums) => changedTables(baseline, now);
    let accepted = 0;
    let refusedWrites = 0;
    let refused = 0;
    let signedIn = 0;
    let pastSignIn = 0;
    let sent = 0;
    let checkMs = 0;
    const unclearAnswers: string[] = [];
    const dialect = env.handle.dialect;
    try {
      await fc.assert(
        fc.asyncProperty(requestArb({ routes, queryKeys, bodies }), async (req) => {
          const { auth, ...request } = req;
          const res = await env.app.inject({
            ...request,
            headers: { ...request.headers, ...authHeaders(auth) },
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const line = `${auth}: ${req.method} ${req.url.slice(0, 120)} → ${res.statusCode}`;
          expect(res.statusCode, `${line} ${res.body.slice(0, 200)}`).toBeLessThan(500);
          const why = unclear(req, res);
          if (why) unclearAnswers.push(why);
          if (auth === 'visitor' || auth === 'admin') {
            signedIn++;
            if (res.statusCode !== 401) pastSignIn++;
          }
          const write = !READS.has(req.method);
          if (res.statusCode >= 400) {
            // Refused: every table as it was (a read's refusal too).
            refused++;
            if (write) refusedWrites++;
            const t0 = performance.now();
            const now = await checksums.take();
            checkMs += performance.now() - t0;
            expect(changed(now), `tables changed by a refused request: ${line}`).toEqual([]);
            return;
          }
          // Accepted: it may change tables (a write, or a studio read that opens a draft);
          // what follows is compared with what it left.
          if (write) accepted++;
          if (
            (auth === 'visitor' || auth === 'admin') &&
            /^\/api\/(auth|v1\/unregister)/.test(req.url) &&
            !(await alive(auth))
          )
            await renew(auth);
          const t0 = performance.now();
          baseline = await checksums.take();
          checkMs += performance.now() - t0;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } finally {
      const counts = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      const fives = [...statuses.entries()]
        .filter(([s]) => s >= 500)
        .reduce((n, [, c]) => n + c, 0);
      console.log(
        `fuzz: ${sent} requests on ${dialect} — ${counts}, 5xx: ${fives}; ${signedIn} signed in (${pastSignIn} not refused as 401), ${refused} refused requests (${refusedWrites} writes) each leaving every table as it was, ${accepted} accepted writes, ${admins} admin and ${sessionsRenewed} sessions signed up; ${(checkMs / 1000).toFixed(1)} s taking checksums (${checksums.hashed()} hashed every table)`,
      );
    }
    expect(sent).toBe(RUNS);
    // Nothing changed after the last request either (no write finishing late).
    expect(changed(await checksums.take())).toEqual([]);
    expect(unclearAnswers.slice(0, 10)).toEqual([]);
    // At full size some generated writes are valid and many signed-in requests get past the
    // session check, so both checks above have something to count.
    if (RUNS >= 5000) {
      expect(accepted).toBeGreaterThan(0);
      expect(pastSignIn).toBeGreaterThan(signedIn / 4);
    }
    // Every route of the app was tried.
    expect(routes.length).toBeGreaterThan(40);
  }, 600_000);
});
