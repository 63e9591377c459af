import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBundleInput, StudioDraft } from '@earshot/core';
import { poolDirOf } from '../src/modules/studio/media/media-pool-files.js';
import { POOL_GRACE_MS, sweepMediaPool } from '../src/modules/studio/media/media-pool-sweep.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { diskMediaStore } from '../src/storage/disk-store.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// The pool's clean-up (docs/studio.md Media): pool files that no draft and no kept version names
// go, with their right-sized copies, after a publish or restore and hourly; a new one (an upload
// whose draft is not saved yet) gets a day's grace.

let env: TestEnv;
let w: StudioWorld;
let pool: string;
let variants: string;
const token = () => w.orgA.guide;
const places = () => ({ store: diskMediaStore(env.dir), uploads: path.join(pool, '.tmp') });
const DAY_AGO = () => new Date(Date.now() - POOL_GRACE_MS - 60_000);

const picture = (colour: string) =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Uploads a picture through the media call; its pool file's name. */
async function upload(colour: string): Promise<string> {
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/v1/studio/guides/${token()}/media?name=${colour}.jpg`,
    headers: { 'content-type': 'application/octet-stream', ...w.publisherA.headers },
    payload: await picture(colour),
  });
  expect(res.statusCode, res.body).toBe(201);
  return path.basename(res.json<{ path: string }>().path);
}

/** Asks for a right-sized copy, so the variants folder holds one of `name`. */
async function variantOf(name: string) {
  expect((await env.app.inject({ url: `/studio-media/${name}?w=224` })).statusCode).toBe(200);
}

const age = (name: string) => utimes(path.join(pool, name), DAY_AGO(), DAY_AGO());
const inPool = async (name: string) => (await readdir(pool)).includes(name);
const variantsOf = async (name: string) =>
  (await readdir(variants).catch(() => [] as string[])).filter((v) =>
    v.startsWith(`${name.split('.')[0]}-`),
  );

async function draft(): Promise<StudioDraft> {
  const res = await env.app.inject({
    url: `/api/v1/studio/guides/${token()}/draft`,
    headers: w.publisherA.headers,
  });
  return res.json<StudioDraft>();
}

/** Saves the draft with the guide's pictures set to these pool files. */
async function saveWithPictures(names: string[]) {
  const d = await draft();
  const doc = structuredClone(d.document) as unknown as GuideBundleInput;
  doc.guide.images = names.map((n) => `media/${n}`);
  const res = await env.app.inject({
    method: 'PUT',
    url: `/api/v1/studio/guides/${token()}/draft`,
    headers: w.publisherA.headers,
    payload: { revision: d.revision, document: doc },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
  pool = poolDirOf(env.mediaDir);
  variants = path.join(env.mediaDir, 'variants');
});
afterAll(() => env.close());

describe('the media pool’s sweep', () => {
  it('after a publish: removes old unnamed files and their copies, keeps named and new ones', async () => {
    const named = await upload('#204080');
    const dropped = await upload('#a03020');
    const fresh = await upload('#30a050');
    for (const n of [named, dropped]) await variantOf(n);
    await saveWithPictures([named]);
    await Promise.all([named, dropped].map(age));
    expect(await variantsOf(dropped)).not.toEqual([]);

    const d = await draft();
    const published = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${token()}/publish`,
      headers: w.publisherA.headers,
      payload: { revision: d.revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    await expect.poll(() => inPool(dropped)).toBe(false);
    await expect.poll(() => variantsOf(dropped)).toEqual([]);
    expect(await inPool(named)).toBe(true);
    expect(await variantsOf(named)).not.toEqual([]);
    // Uploaded a moment ago and named by no draft yet: its draft may be on its way.
    expect(await inPool(fresh)).toBe(true);
  });

  it('keeps what only a kept version names; after a restore, removes what nothing names', async () => {
    const versioned = (await draft()).document as unknown as GuideBundleInput;
    const inVersion = path.basename(versioned.guide.images![0]!);
    const later = await upload('#707020');
    await saveWithPictures([later]);
    await age(inVersion);
    // The draft names `later` only; version 1 still names the first picture.
    await sweepMediaPool(env.handle.db, places());
    expect(await inPool(inVersion)).toBe(true);

    await age(later);
    const restored = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${token()}/versions/1/restore`,
      headers: w.publisherA.headers,
      payload: { revision: (await draft()).revision },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await expect.poll(() => inPool(later)).toBe(false);
    expect(await inPool(inVersion)).toBe(true);
  });

  it('removes an unfinished upload’s temporary file once it is old, never a new one', async () => {
    const uploads = path.join(pool, '.tmp');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, 'old-upload'), 'half a file');
    await writeFile(path.join(uploads, 'new-upload'), 'still arriving');
    await utimes(path.join(uploads, 'old-upload'), DAY_AGO(), DAY_AGO());
    const swept = await sweepMediaPool(env.handle.db, places());
    expect(await readdir(uploads)).toEqual(['new-upload']);
    expect(swept.files).toEqual([]);
  });

  it('gives every new file its grace: a sweep with none removes what no draft names', async () => {
    const loose = await upload('#102030');
    const mtime = (await stat(path.join(pool, loose))).mtimeMs;
    expect(Date.now() - mtime).toBeLessThan(POOL_GRACE_MS);
    expect((await sweepMediaPool(env.handle.db, places())).files).toEqual([]);
    const swept = await sweepMediaPool(env.handle.db, places(), 0);
    expect(swept.files).toContain(loose);
    // What the draft names stays whatever its age.
    const named = ((await draft()).document as unknown as GuideBundleInput).guide.images!;
    for (const p of named) expect(await inPool(path.basename(p))).toBe(true);
  });
});
