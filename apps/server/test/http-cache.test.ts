import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { etagMatches, pickEncoding } from '../src/plugins/response-cache.js';
import { importFixture, makeEnv, writeBundle, type TestEnv } from './helpers.js';

let env: TestEnv;
const TOUR = '/api/v1/tour-by-token/mini-walk';
const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });
/** Changes a title behind the API's back: no content version bump, as a stale cache would see it. */
const renameQuietly = (title: string) =>
  env.handle.db.updateTable('guides').set({ title }).where('token', '=', 'mini-walk').execute();
const reimport = async (title: string) =>
  importBundle(
    env.handle,
    env.media,
    await writeBundle(env.dir, `mini-${title.replace(/\W/g, '')}`, (b) => {
      b.guide.title = title;
    }),
  );

beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
});
afterAll(() => env.close());

describe('content response cache', () => {
  it('answers a repeated GET from the cache until content is imported again', async () => {
    const first = await get(TOUR);
    expect(first.statusCode).toBe(200);
    const title = first.json().title as string;
    await renameQuietly('Changed without an import');
    expect((await get(TOUR)).json().title).toBe(title);
    expect((await get('/api/v1/tours')).json()[0].title).toBe('Changed without an import');
    await reimport('Mini Walk, second edition');
    expect((await get(TOUR)).json().title).toBe('Mini Walk, second edition');
  });

  it('keys entries by path and query, so each language has its own', async () => {
    const en = (await get(`${TOUR}?lang=en`)).json();
    const es = (await get(`${TOUR}?lang=es`)).json();
    expect(en.language).toBe('en');
    expect(es.language).toBe('es');
    expect((await get(`${TOUR}?lang=es`)).json().pois[0].title).toBe(es.pois[0].title);
  });

  it('gives an ETag and answers If-None-Match with 304, until the content changes', async () => {
    const first = await get(TOUR);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=86400');
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    const again = await get(TOUR, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.body).toBe('');
    expect((await get(TOUR, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    await reimport('Mini Walk, third edition');
    const changed = await get(TOUR, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the same bytes compressed as the client accepts', async () => {
    const miss = await get(TOUR);
    const plain = miss.body;
    // A hit carries the same headers as the first answer (security, type, cache).
    const hit = await get(TOUR);
    for (const name of [
      'content-type',
      'content-security-policy',
      'x-content-type-options',
      'etag',
      'cache-control',
      'vary',
    ])
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    for (const round of [1, 2]) {
      const br = await get(TOUR, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding'], `round ${round}`).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
      const gz = await get(TOUR, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    }
    expect((await get(TOUR, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBe(
      undefined,
    );
  });

  it('never answers a request carrying Authorization from the cache', async () => {
    await get(TOUR);
    await renameQuietly('Seen only without the cache');
    const signed = await get(TOUR, { authorization: 'Bearer someone' });
    expect(signed.json().title).toBe('Seen only without the cache');
    expect(signed.headers.etag).toBeUndefined();
    await reimport('Mini Walk, fourth edition');
  });

  it('caches errors never: a 404 is asked again', async () => {
    expect((await get('/api/v1/tour-by-token/not-yet')).statusCode).toBe(404);
    const dir = await writeBundle(env.dir, 'not-yet', (b) => {
      b.guide.token = 'not-yet';
      b.pois = (b.pois ?? []).map((p) => ({ ...p, token: `ny-${p.token}` }));
      b.badges = [];
      b.hunts = [];
    });
    await importBundle(env.handle, env.media, dir);
    expect((await get('/api/v1/tour-by-token/not-yet')).statusCode).toBe(200);
  });

  it('stays correct with two app nodes on one database', async () => {
    // A second node with its own connection; it trusts a version it read for 1 s. The test
    // moves that node's clock (performance.now) by hand, so a slow import cannot age it.
    const handle = openDatabase({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: env.dir,
    });
    const other = await buildApp({
      handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      versionCheckMs: 1000,
    });
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const read = async () =>
        (await other.inject({ method: 'GET', url: TOUR })).json().title as string;
      const before = await read();
      await reimport('Mini Walk, edited on the first node');
      vi.advanceTimersByTime(900);
      expect(await read()).toBe(before);
      vi.advanceTimersByTime(200);
      expect(await read()).toBe('Mini Walk, edited on the first node');
    } finally {
      vi.useRealTimers();
      await other.close();
      await handle.db.destroy();
    }
  });
});

describe.each([
  ['br, gzip', 'br'],
  ['gzip, deflate', 'gzip'],
  ['gzip;q=0, br;q=0', null],
  ['*', 'gzip'],
  ['identity', null],
  [undefined, null],
])('pickEncoding(%j)', (header, want) => {
  it(`is ${want}`, () => expect(pickEncoding(header)).toBe(want));
});

describe.each([
  ['"abc"', true],
  ['W/"abc"', true],
  ['"x", "abc"', true],
  ['*', true],
  ['"abcd"', false],
  [undefined, false],
])('etagMatches(%j, "abc")', (header, want) => {
  it(`is ${want}`, () => expect(etagMatches(header, '"abc"')).toBe(want));
  it(`is ${want} for the weak W/"abc" too`, () =>
    expect(etagMatches(header, 'W/"abc"')).toBe(want));
});
