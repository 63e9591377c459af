import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { bearer } from './auth-helpers.js';
import { makeEnv, writeBundle, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'studio-media');
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The pool's files are a draft's: no cache, shared or the browser's, keeps them. */
const DRAFT = 'private, no-store';

let env: TestEnv;
let w: StudioWorld;
let photoUrl: string;
let audioUrl: string;
/** A 900×600 picture of an imported guide, as the API names it (with its ?v=). */
let tourImage: string;

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3060a0' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#f0c020"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
  const send = async (body: Buffer) =>
    (
      await env.app.inject({
        method: 'POST',
        url: `/api/v1/studio/guides/${w.orgA.guide}/media`,
        headers: { 'content-type': 'application/octet-stream', ...bearer(w.publisherA.token) },
        payload: body,
      })
    ).json().url as string;
  photoUrl = await send(await photo());
  audioUrl = await send(await readFile(path.join(FILES, 'tone.mp3')));

  const bundle = await writeBundle(env.dir, 'big-pictures', (b) => {
    b.guide.token = 'big-pictures';
    b.guide.images = ['media/a.jpg'];
    b.pois = (b.pois ?? []).map((p, i) => ({ ...p, token: `big-pictures-${i}` }));
    b.badges = [];
    b.hunts = [];
  });
  await writeFile(path.join(bundle, 'media', 'a.jpg'), await photo());
  await importBundle(env.handle, env.media, bundle);
  const tour = (await env.app.inject({ url: '/api/v1/tour-by-token/big-pictures' })).json();
  tourImage = tour.images[0];
});
afterAll(() => env.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });

describe('the pool files at /studio-media/', () => {
  it('are served with their type, ETag and byte ranges, private and never stored', async () => {
    const res = await get(audioUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['cache-control']).toBe(DRAFT);
    expect(res.rawPayload).toEqual(await readFile(path.join(FILES, 'tone.mp3')));
    const etag = String(res.headers.etag);
    expect(etag).toBeTruthy();
    expect((await get(audioUrl, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(audioUrl, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
    expect(part.rawPayload).toHaveLength(10);
  });

  it.each([
    `/studio-media/${'0'.repeat(64)}.mp3`,
    '/studio-media/short.jpg',
    `/studio-media/${'a'.repeat(64)}.exe`,
    '/studio-media/.tmp',
    '/studio-media/..%2f..%2fetc%2fpasswd',
  ])('%s: 404', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});

/** Checks a variant answer: WebP, at most `width` wide, cached as `caching` says. */
async function expectVariant(url: string, width: number, originalWidth: number, caching: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe(caching);
  expect(res.headers.etag).toBeTruthy();
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(Math.min(width, originalWidth));
  return res;
}

describe('right-sized variants (?w=)', () => {
  it('of a pool picture: every width the app shows, as WebP, never enlarged', async () => {
    for (const width of IMAGE_WIDTHS)
      await expectVariant(`${photoUrl}?w=${width}`, width, 900, DRAFT);
    const small = await get(`${photoUrl}?w=224`);
    const original = await get(photoUrl);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length / 4);
  });

  it('of an imported guide picture (/static/tours/…?v=…&w=)', async () => {
    expect(tourImage).toMatch(/^\/static\/tours\/\d+\/media\/a\.jpg\?v=[0-9a-f]+$/);
    const first = await expectVariant(`${tourImage}&w=480`, 480, 900, IMMUTABLE);
    // Made once, then read from the disk: the same bytes, and one file per width.
    const again = await get(`${tourImage}&w=480`);
    expect(again.rawPayload).toEqual(first.rawPayload);
    const made = await readdir(path.join(env.mediaDir, 'variants'));
    expect(made.filter((n) => n.endsWith('-480.webp'))).toHaveLength(2); // tour's and pool's
    // Ranges and revalidation as for any file.
    const part = await get(`${tourImage}&w=480`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    const etag = String(first.headers.etag);
    expect((await get(`${tourImage}&w=480`, { 'if-none-match': etag })).statusCode).toBe(304);
    // The original is untouched by the variants.
    const original = await get(tourImage);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(900);
  });

  it('many asking at once for a new width get one making and the same bytes', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${tourImage}&w=1600`)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    const made = await readdir(path.join(env.mediaDir, 'variants'));
    expect(made.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a picture sharp cannot read is answered as it is', async () => {
    const folder = path.dirname(new URL(tourImage, 'http://x').pathname).replace('/static/', '');
    const broken = Buffer.from('\xff\xd8\xff\xe0 cut off before any pixel', 'latin1');
    await writeFile(path.join(env.mediaDir, folder, 'broken.jpg'), broken);
    const res = await get(`/static/${folder}/broken.jpg?w=224`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toEqual(broken);
  });

  it.each([
    ['another width', () => `${photoUrl}?w=300`],
    ['a width of no number', () => `${photoUrl}?w=big`],
    ['an empty width', () => `${photoUrl}?w=`],
    ['a width of audio', () => `${audioUrl}?w=224`],
    ['another width of a tour picture', () => `${tourImage}&w=225`],
    ['a width of a tour audio file', () => `/static/tours/1/media/en.mp3?w=224`],
  ])('%s: 400', async (_name, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^(w must be one of 224, 480, 800, 1200, 1600|Only pictures)/,
    );
  });

  it.each([
    '/static/tours/99999/media/none.jpg?w=224',
    '/static/tours/..%2f..%2fstudio-media/x.jpg?w=224',
    '/static/tours/1/../../x.jpg?w=224',
  ])('%s: 404', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});
