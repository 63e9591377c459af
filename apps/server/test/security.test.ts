import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { allowWasm, inlineScriptHashes } from '../src/plugins/security.js';
import { countTrackingEvents, importFixture, makeEnv, type TestEnv } from './helpers.js';

const PREFS = "document.documentElement.dataset.theme = 'dark';";
// sha256 of PREFS, computed independently: printf %s "$PREFS" | openssl dgst -sha256 -binary | base64
const PREFS_HASH = "'sha256-DHbFh4o+L8meQM6JMbt/D2AhqsPiSksdB2N5Ub9s4aI='";

/** CSP directive name → its sources. */
const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

let env: TestEnv;
let web: string;
beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'earshot-web-'));
  await writeFile(
    path.join(web, 'index.html'),
    `<!doctype html><html><head><script>${PREFS}</script><script type="application/json" id="d">{"a":1}</script><script type="module" src="/assets/x.js"></script></head><body></body></html>`,
  );
  env = await makeEnv({
    webDist: web,
    tileSources: ['https://tiles.example.org'],
    writesPerMinute: 3,
  });
  await importFixture(env);
});
afterAll(async () => {
  await env.close();
  await rm(web, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  it('allows scripts from us and the hashed inline script only', async () => {
    for (const url of ['/', '/city/portland', '/api/v1/tours', '/api/docs']) {
      const res = await env.app.inject({ method: 'GET', url });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src'], url).toEqual(["'self'", PREFS_HASH]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
    }
  });

  it('lets only the face-model pages compile WebAssembly, and none evaluate strings', async () => {
    for (const url of ['/camera', '/landmarker']) {
      const policy = csp((await env.app.inject({ url })).headers['content-security-policy']);
      expect(policy['script-src'], url).toEqual(["'self'", PREFS_HASH, "'wasm-unsafe-eval'"]);
    }
    for (const url of ['/', '/about', '/guide/mini-walk', '/assets/x.js', '/api/v1/tours']) {
      const header = String((await env.app.inject({ url })).headers['content-security-policy']);
      expect(header, url).not.toContain('wasm-unsafe-eval');
    }
  });

  it.each([
    ["script-src 'self'; img-src 'self'", "script-src 'self' 'wasm-unsafe-eval';img-src 'self'"],
    [
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval'",
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval'",
    ],
    ["default-src 'self'", "default-src 'self'"],
  ])('allowWasm(%j) = %j', (policy, out) => expect(allowWasm(policy)).toBe(out));

  it('takes images from us and the configured tile hosts, media from us', async () => {
    const policy = csp((await env.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org']);
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://tiles.example.org']);
  });

  it('reads the tile hosts from the same variables as the web build', () => {
    expect(
      readConfig({ VITE_TILES_ROADMAP: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' })
        .tileSources,
    ).toContain('https://*.tiles.example.org');
    expect(readConfig({}).tileSources).toContain('https://tile.openstreetmap.org');
  });

  it('sends the other security headers', async () => {
    const res = await env.app.inject({ url: '/api/v1/tours' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe.each([
  ['<script>a()</script>', 1],
  ['<script src="/x.js"></script>', 0],
  ['<script type="module">a()</script>', 1],
  ['<script type="application/json">{}</script>', 0],
  ['<script type="application/ld+json">{}</script>', 0],
  ['<SCRIPT>a()</SCRIPT><script>b()</script>', 2],
])('inlineScriptHashes(%j)', (html, count) => {
  it(`finds ${count}`, () => expect(inlineScriptHashes(html)).toHaveLength(count));
});

describe('rate limit on anonymous writes', () => {
  const count = () => countTrackingEvents(env);
  const post = () =>
    env.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      payload: { kind: 'city-list-view', place: 'Testville' },
    });

  it('refuses writes past the limit with 429 and a clear message, storing nothing', async () => {
    const before = await count();
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests from this address: try again in /);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await count()).toBe(before + 3);
  });

  it('never limits reads', async () => {
    for (let i = 0; i < 10; i++)
      expect((await env.app.inject({ url: '/api/v1/tours' })).statusCode).toBe(200);
  });

  it('counts each address on its own', async () => {
    const other = await env.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      payload: { kind: 'city-list-view', place: 'Testville' },
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('without a web build', () => {
  it('allows no inline script at all', async () => {
    const app = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
    });
    const policy = csp(
      (await app.inject({ url: '/api/v1/tours' })).headers['content-security-policy'],
    );
    expect(policy['script-src']).toEqual(["'self'"]);
    await app.close();
  });
});
