import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema } from '@earshot/core';
import { buildApp } from '../src/app.js';
import { FIXTURE, importFixture, makeEnv, type TestEnv } from './helpers.js';
import { startS3, type TestS3 } from './support/s3-server.js';

// Media in a bucket are served exactly as media on the disk (decision 0016): the same
// requests against an app on DATA_DIR and one on s3rver, with the same answers — type, long
// Cache-Control, ETag → 304, Last-Modified, byte ranges → 206/416, 404 for what is not there.

const IMMUTABLE = 'public, max-age=31536000, immutable';
let s3: TestS3;
const envs: Record<'disk' | 's3', TestEnv> = {} as never;
const urls: Record<'disk' | 's3', { audio: string; image: string }> = {} as never;

beforeAll(async () => {
  s3 = await startS3();
  envs.disk = await makeEnv();
  envs.s3 = await makeEnv({ mediaStore: s3.store });
  for (const [name, env] of Object.entries(envs)) {
    await importFixture(env);
    const g = guideDetailSchema.parse(
      (await env.app.inject({ url: '/api/v1/tour-by-token/mini-walk' })).json(),
    );
    urls[name as 'disk'] = { audio: g.pois[0]!.audio_url!, image: g.images[0]! };
  }
});
afterAll(async () => {
  await envs.s3?.close();
  await envs.disk?.close();
  await s3?.close();
});

const original = (url: string) =>
  readFile(path.join(FIXTURE, url.replace(/^\/static\/tours\/\d+\//, '').split('?')[0]!));

describe.each(['disk', 's3'] as const)('media served from the %s', (name) => {
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    envs[name].app.inject({ method, url, headers });

  it('whole, with its type, a year of caching, ETag, Last-Modified and Accept-Ranges', async () => {
    const { audio, image } = urls[name];
    const full = await get(audio);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['cache-control']).toBe(IMMUTABLE);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Date.parse(String(full.headers['last-modified']))).not.toBeNaN();
    expect(Number(full.headers['content-length'])).toBe(full.rawPayload.length);
    expect(full.rawPayload).toEqual(await original(audio));
    const img = await get(image);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload).toEqual(await original(image));
  });

  it('answers If-None-Match and If-Modified-Since with 304', async () => {
    const { audio } = urls[name];
    const full = await get(audio);
    const etag = String(full.headers.etag);
    const again = await get(audio, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    expect((await get(audio, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const since = String(full.headers['last-modified']);
    expect((await get(audio, { 'if-modified-since': since })).statusCode).toBe(304);
  });

  it('answers a byte range with 206 (as <audio> asks), and one past the end with 416', async () => {
    const { audio } = urls[name];
    const whole = (await get(audio)).rawPayload;
    const part = await get(audio, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload).toEqual(whole.subarray(10, 20));
    const open = await get(audio, { range: `bytes=${whole.length - 5}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload).toEqual(whole.subarray(whole.length - 5));
    const beyond = await get(audio, { range: `bytes=${whole.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    // RFC 9110 §15.5.17: the size goes with it (@fastify/static leaves it out on the disk).
    if (name === 's3') expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    // A range asked of a file that changed since (If-Range) gets the whole file.
    expect((await get(audio, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    const { audio } = urls[name];
    const head = await get(audio, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers 404 for a missing file and for paths outside the media', async () => {
    for (const url of [
      '/static/tours/1/media/none.jpg',
      '/static/tours/1/../../../../etc/passwd',
      '/static/tours/1/%2e%2e/%2e%2e/x',
      '/static/answers/none.jpg',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('refuses what is not a picture or audio, such as files imported before the media check', async () => {
    // A bundle imported before bundle-media-kinds.ts could leave a page, a scripted SVG, XML or
    // a script beside its media; served by its extension it would run on our origin.
    const { image } = urls[name];
    const folder = /^\/static\/tours\/(\d+)\//.exec(image)![1]!;
    const page = '<!doctype html><script>alert(document.cookie)</script>';
    const files: Record<string, string> = {
      'media/page.html': page,
      'media/page.htm': page,
      'media/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'media/feed.xml': '<?xml version="1.0"?><x/>',
      'media/x.js': 'alert(1)',
      'media/x.mjs': 'alert(1)',
      'media/page.xhtml': page,
      'media/noext': page,
      'media/PAGE.HTML': page,
    };
    const env = envs[name];
    const keys = Object.keys(files).map((rel) => `media/tours/${folder}/${rel}`);
    for (const [rel, body] of Object.entries(files)) {
      if (name === 's3')
        await s3.store.put(`media/tours/${folder}/${rel}`, { data: Buffer.from(body) });
      else await writeFile(path.join(env.mediaDir, 'tours', folder, rel), body);
    }
    try {
      for (const rel of Object.keys(files)) {
        const url = `/static/tours/${folder}/${rel}`;
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await get(url, {}, method);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.body, url).not.toContain('alert');
        }
        expect((await get(`${url}?w=224`)).statusCode, url).toBe(404);
      }
    } finally {
      // The other tests count the bucket's objects.
      if (name === 's3') await s3.store.delete(keys);
      else for (const key of keys) await rm(path.join(env.mediaDir, key.slice('media/'.length)));
    }
    // The guide's own media are still served.
    expect((await get(image)).statusCode).toBe(200);
  });

  it('answers ?w= with a right-sized WebP, made once and kept', async () => {
    const { image } = urls[name];
    const url = `${image}&w=224`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect((await sharp(res.rawPayload).metadata()).width).toBeLessThanOrEqual(224);
    expect((await get(url, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    expect((await get(`${image}&w=123`)).statusCode).toBe(400);
  });
});

describe('media in a bucket', () => {
  it('have the same headers as on the disk, but for the validators', async () => {
    const names = (r: { headers: Record<string, unknown> }) =>
      Object.keys(r.headers)
        .filter((h) => !['date', 'etag', 'last-modified', 'x-request-id'].includes(h))
        .sort();
    for (const kind of ['audio', 'image'] as const) {
      const disk = await envs.disk.app.inject({ url: urls.disk[kind] });
      const bucket = await envs.s3.app.inject({ url: urls.s3[kind] });
      expect(names(bucket)).toEqual(names(disk));
      for (const h of ['content-type', 'cache-control', 'accept-ranges', 'content-length'])
        expect(bucket.headers[h], h).toBe(disk.headers[h]);
      expect(bucket.headers['content-security-policy']).toBe(
        disk.headers['content-security-policy'],
      );
    }
  });

  it('leave nothing in DATA_DIR: the objects are in the bucket', async () => {
    const keys: string[] = [];
    for await (const o of s3.store.list('media/tours/')) keys.push(o.key);
    expect(keys.sort()).toEqual(
      ['a.jpg', 'b.jpg', 'en.mp3', 'es.mp3'].map((f) => `media/tours/1/media/${f}`),
    );
    const local = await readFile(path.join(envs.s3.mediaDir, 'tours', '1', 'media', 'a.jpg')).catch(
      () => null,
    );
    expect(local).toBeNull();
  });

  it('leave the server’s own assets where they were (/static/placeholder.svg)', async () => {
    const res = await envs.s3.app.inject({ url: '/static/placeholder.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answer a URL whose ?v= names other bytes with an uncached 404', async () => {
    const stale = urls.s3.audio.replace(/\?v=[0-9a-f]+/, '?v=0000000000');
    const res = await envs.s3.app.inject({ url: stale });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are served by every node: a second app on the same database and bucket', async () => {
    const other = await buildApp({
      handle: envs.s3.handle,
      mediaDir: path.join(envs.s3.dir, 'other-node', 'media'),
      mediaStore: s3.store,
      versionCheckMs: 0,
    });
    try {
      const res = await other.inject({ url: urls.s3.audio, headers: { range: 'bytes=0-3' } });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload).toEqual((await original(urls.s3.audio)).subarray(0, 4));
      const first = await envs.s3.app.inject({ url: urls.s3.audio });
      // One ETag for the file whichever node answers, so a 304 holds across nodes.
      const again = await other.inject({
        url: urls.s3.audio,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await other.close();
    }
  });
});
