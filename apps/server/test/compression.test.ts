import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;

let env: TestEnv;
let web: string;
let audio: string;
let image: string;
beforeAll(async () => {
  // A built web app as the build leaves it: each asset with its .br and .gz beside it.
  web = await mkdtemp(path.join(os.tmpdir(), 'earshot-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Earshot</title>');
  const js = path.join(web, 'assets', 'app-abc123.js');
  await writeFile(js, SCRIPT);
  await writeFile(`${js}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${js}.gz`, gzipSync(SCRIPT));
  env = await makeEnv({ webDist: web });
  const { guideId } = await importFixture(env);
  const files = await readdir(path.join(env.mediaDir, 'tours', String(guideId), 'media'));
  audio = `/static/tours/${guideId}/media/${files.find((f) => f.endsWith('.mp3'))}`;
  image = `/static/tours/${guideId}/media/${files.find((f) => f.endsWith('.jpg'))}`;
});
afterAll(async () => {
  await env.close();
  await rm(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });

describe('built assets', () => {
  it('are sent precompressed as the client accepts, with Vary', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});

describe('API JSON', () => {
  it('is compressed on the fly above 1 KB', async () => {
    const res = await get('/api/v1/tour-by-token/mini-walk', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(res.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json).token).toBe('mini-walk');
  });

  it('is sent as it is below 1 KB', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('ok');
  });
});

describe('media', () => {
  it.each([
    ['audio', () => audio],
    ['image', () => image],
  ])('%s is never recompressed and byte ranges keep working', async (_kind, url) => {
    const whole = await get(url(), { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(url(), { 'accept-encoding': 'br, gzip', range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
  });
});
