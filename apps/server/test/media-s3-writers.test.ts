import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBundleInput, StudioDraft, UserAnswer } from '@earshot/core';
import { exportBundle } from '../src/bundles/bundle-export.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import { sweepMediaPool } from '../src/modules/studio/media/media-pool-sweep.js';
import { FIXTURE, makeEnv, writeBundle, type TestEnv } from './helpers.js';
import { answer, participationIds, signUpUser } from './participation-helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { startS3, type TestS3 } from './support/s3-server.js';
import { exifPhoto } from './studio-media-helpers.js';

// Every writer of media puts them in the bucket when S3_* are set (docs/scale-out.md §2): bundle
// import (and re-import), the studio's uploads, publish, preview and export, photo answers and
// their removal, right-sized pictures, the pool's sweep. DATA_DIR keeps no media.

let s3: TestS3;
let env: TestEnv;
let w: StudioWorld;

beforeAll(async () => {
  s3 = await startS3('writers', 'site-a');
  env = await makeEnv({ mediaStore: s3.store });
  w = await makeStudioWorld(env);
});
afterAll(async () => {
  await env?.close();
  await s3?.close();
});

const keys = async (prefix: string) => {
  const found: string[] = [];
  for await (const o of s3.store.list(prefix)) found.push(o.key);
  return found.sort();
};
const guideId = async (token: string) =>
  (
    await env.handle.db
      .selectFrom('guides')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow()
  ).id;
const localMedia = async () =>
  (await readdir(env.mediaDir, { recursive: true }).catch(() => [] as string[])).filter((f) =>
    /\.(jpg|mp3|webp)$/.test(f),
  );

describe('bundle import into a bucket', () => {
  it('puts the media under the guide’s prefix (S3_PREFIX before it), and nothing on disk', async () => {
    await importBundle(env.handle, s3.store, FIXTURE);
    const id = await guideId('mini-walk');
    expect(await keys(`media/tours/${id}/`)).toEqual(
      ['a.jpg', 'b.jpg', 'en.mp3', 'es.mp3'].map((f) => `media/tours/${id}/media/${f}`),
    );
    // Each object carries the content hash its URL names (?v=).
    const tour = (await env.app.inject({ url: '/api/v1/tour-by-token/mini-walk' })).json();
    const [file, v] = String(tour.images[0]).split('?v=');
    expect(
      (await s3.store.head(`media/tours/${file!.replace('/static/tours/', '')}`))?.version,
    ).toBe(v);
    // The prefix is part of the object's name in the bucket.
    const raw = await readdir(path.join(s3.directory, 'writers', 'site-a', 'media'));
    expect(raw).toContain('tours');
    expect(await localMedia()).toEqual([]);
    expect(await keys('media/tours/.staging')).toEqual([]);
  });

  it('a re-import replaces changed files and removes the ones the guide no longer names', async () => {
    const dir = await writeBundle(env.dir, 'changed', (b) => {
      b.guide.token = 'bucket-walk';
      b.guide.images = ['media/a.jpg'];
      b.pois = (b.pois ?? []).map((p, i) => ({
        ...p,
        token: `bucket-${i}`,
        images: [],
        image_alts: undefined,
      }));
      b.badges = [];
      b.hunts = [];
    });
    await importBundle(env.handle, s3.store, dir);
    const id = await guideId('bucket-walk');
    expect(await keys(`media/tours/${id}/`)).toContain(`media/tours/${id}/media/en.mp3`);
    type Poi = NonNullable<GuideBundleInput['pois']>[number];
    const bundle = JSON.parse(await readFile(path.join(dir, 'guide.json'), 'utf8'));
    bundle.pois = bundle.pois.map((p: Poi) => ({
      ...p,
      content: Object.fromEntries(
        Object.entries(p.content).map(([l, t]) => [
          l,
          { ...t, audio: undefined, audio2: undefined },
        ]),
      ),
    }));
    await writeFile(path.join(dir, 'guide.json'), JSON.stringify(bundle));
    const changed = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#c00' },
    })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(dir, 'media', 'a.jpg'), changed);
    await importBundle(env.handle, s3.store, dir);
    expect(await keys(`media/tours/${id}/`)).toEqual([`media/tours/${id}/media/a.jpg`]);
    const tour = (await env.app.inject({ url: '/api/v1/tour-by-token/bucket-walk' })).json();
    const served = await env.app.inject({ url: tour.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(changed);
  });

  it('a picture with EXIF and GPS is put into the bucket without them', async () => {
    const dir = await writeBundle(env.dir, 'exif', (b) => {
      b.guide.token = 'bucket-exif-walk';
      b.guide.images = ['media/a.jpg'];
      b.pois = (b.pois ?? []).map((p, i) => ({ ...p, token: `bucket-exif-${i}` }));
      b.badges = [];
      b.hunts = [];
    });
    await writeFile(path.join(dir, 'media', 'a.jpg'), await exifPhoto());
    await importBundle(env.handle, s3.store, dir);
    const tour = (await env.app.inject({ url: '/api/v1/tour-by-token/bucket-exif-walk' })).json();
    const served = await env.app.inject({ url: tour.images[0] });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.exif, meta.orientation, meta.width]).toEqual([undefined, undefined, 40]);
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('a refused bundle writes nothing to the bucket', async () => {
    const before = await keys('media/');
    const dir = await writeBundle(env.dir, 'broken', (b) => {
      b.guide.token = 'broken-walk';
      b.guide.images = ['media/missing.jpg'];
    });
    await expect(importBundle(env.handle, s3.store, dir)).rejects.toBeInstanceOf(BundleError);
    expect(await keys('media/')).toEqual(before);
  });

  it('exports a guide with its media read back from the bucket', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'earshot-export-'));
    try {
      expect(await exportBundle(env.handle, s3.store, w.orgA.guide, out)).toBe(true);
      for (const f of ['a.jpg', 'en.mp3'])
        expect(await readFile(path.join(out, 'media', f))).toEqual(
          await readFile(path.join(FIXTURE, 'media', f)),
        );
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});

describe('the studio with a bucket', () => {
  const upload = async (colour: string) => {
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${w.orgA.guide}/media`,
      headers: { 'content-type': 'application/octet-stream', ...w.publisherA.headers },
      payload: await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ path: string; url: string }>();
  };
  const draft = async () =>
    (
      await env.app.inject({
        url: `/api/v1/studio/guides/${w.orgA.guide}/draft`,
        headers: w.publisherA.headers,
      })
    ).json<StudioDraft>();

  it('keeps uploads in the pool’s prefix and serves them privately, with sizes', async () => {
    const up = await upload('#2060a0');
    const name = path.basename(up.path);
    expect(await keys('studio-media/')).toContain(`studio-media/${name}`);
    const res = await env.app.inject({ url: up.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toBe('image/jpeg');
    const part = await env.app.inject({ url: up.url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    const small = await env.app.inject({ url: `${up.url}?w=224` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('private, no-store');
    expect((await keys('media/variants/')).some((k) => k.includes(name.split('.')[0]!))).toBe(true);
    expect(await localMedia()).toEqual([]);
  });

  it('publishes, previews and exports a draft from the pool in the bucket; sweeps what none names', async () => {
    const kept = await upload('#a02060');
    const dropped = await upload('#20a060');
    const d = await draft();
    const doc = structuredClone(d.document) as unknown as GuideBundleInput;
    doc.guide.images = [kept.path];
    const saved = await env.app.inject({
      method: 'PUT',
      url: `/api/v1/studio/guides/${w.orgA.guide}/draft`,
      headers: w.publisherA.headers,
      payload: { revision: d.revision, document: doc },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${w.orgA.guide}/publish`,
      headers: w.publisherA.headers,
      payload: { revision: saved.json<{ revision: number }>().revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    const tour = (await env.app.inject({ url: `/api/v1/tour-by-token/${w.orgA.guide}` })).json();
    const image = await env.app.inject({ url: tour.images[0] });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const preview = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${w.orgA.guide}/preview`,
      headers: w.publisherA.headers,
    });
    expect(preview.statusCode, preview.body).toBe(201);
    const shown = (
      await env.app.inject({ url: `/api/v1/tour-by-token/${preview.json().token}` })
    ).json();
    expect((await env.app.inject({ url: shown.images[0] })).statusCode).toBe(200);

    const zip = await env.app.inject({
      url: `/api/v1/studio/guides/${w.orgA.guide}/export`,
      headers: w.publisherA.headers,
    });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toContain(kept.path);

    const swept = await sweepMediaPool(
      env.handle.db,
      { store: s3.store, uploads: path.join(env.dir, 'studio-media', '.tmp') },
      0,
    );
    expect(swept.files).toContain(path.basename(dropped.path));
    expect(await keys('studio-media/')).toContain(`studio-media/${path.basename(kept.path)}`);
    expect(await keys('studio-media/')).not.toContain(
      `studio-media/${path.basename(dropped.path)}`,
    );
  });
});

describe('photo answers in a bucket', () => {
  it('are stored there in three sizes, served privately, and removed with the account', async () => {
    const ids = await participationIds(env);
    const ann = await signUpUser(env);
    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#39a' },
    })
      .jpeg()
      .toBuffer();
    const res = await answer(env, ann, {
      challenge: ids.photo,
      value: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      resourcetype: 'UserPhotoChallengeAnswer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<UserAnswer>();
    const names = [a.value, a.value_medium, a.value_thumbnail].map((u) => path.basename(u!));
    expect(await keys('media/answers/')).toEqual(names.map((n) => `media/answers/${n}`).sort());
    const served = await env.app.inject({ url: a.value_medium! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    expect(await localMedia()).toEqual([]);

    const gone = await env.app.inject({
      method: 'POST',
      url: '/api/v1/unregister/',
      headers: ann.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(await keys('media/answers/')).toEqual([]);
    expect((await env.app.inject({ url: a.value! })).statusCode).toBe(404);
  });
});
