import { createHash } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barePicture, type GuideBundleInput, type StudioDraft } from '@earshot/core';
import { exportBundle } from '../src/bundles/bundle-export.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { FIXTURE, makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { exifPhoto } from './studio-media-helpers.js';
import { bundleFiles, renamedFixture } from './support/bundle-zips.js';

// Every picture a bundle import places (the command line, the studio's zip import, publish and
// preview, which run the importer) is published upright and without EXIF, GPS or XMP,
// re-encoded as studio uploads are; a picture without any is kept as it is (docs/security.md).

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

const GPS = {
  IFD0: { Make: 'TestCam' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 12/1' },
};
const colour = (format: 'png' | 'webp') =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#208040' } })
    .toFormat(format)
    .withExif(GPS)
    .toBuffer();

/** A bundle folder of the fixture as `token`, its guide's pictures these files. */
async function pictureBundle(token: string, pictures: Record<string, Buffer>): Promise<string> {
  const dir = path.join(env.dir, 'bundles', token);
  await cp(FIXTURE, dir, { recursive: true });
  const b = await renamedFixture(token);
  b.guide.images = Object.keys(pictures).map((name) => `media/${name}`);
  await writeFile(path.join(dir, 'guide.json'), JSON.stringify(b));
  for (const [name, data] of Object.entries(pictures))
    await writeFile(path.join(dir, 'media', name), data);
  return dir;
}

/** The guide's served pictures by file name; each URL's ?v= is the hash of what it serves. */
async function served(token: string): Promise<Map<string, Buffer>> {
  const tour = await env.app.inject({ url: `/api/v1/tour-by-token/${token}` });
  expect(tour.statusCode).toBe(200);
  const urls = new Set(tour.body.match(/\/static\/tours\/\d+\/media\/[^"?]+\?v=[0-9a-f]+/g));
  const files = new Map<string, Buffer>();
  for (const url of urls) {
    if (!/\.(jpg|png|webp)\?/.test(url)) continue;
    const res = await env.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    const hash = createHash('sha256').update(res.rawPayload).digest('hex');
    expect(url.endsWith(`?v=${hash.slice(0, 10)}`), url).toBe(true);
    files.set(path.basename(url.split('?')[0]!), res.rawPayload);
  }
  return files;
}

async function expectWithoutMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
  expect(barePicture(bytes)).toBe(true);
}

/** The picture's top and bottom middle pixels are red and blue: exifPhoto turned upright. */
async function expectUpright(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([40, 60]);
  const at = (x: number, y: number) => [...data.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3)];
  expect(at(20, 8)[0]).toBeGreaterThan(200);
  expect(at(20, 52)[2]).toBeGreaterThan(200);
}

describe('pictures of an imported bundle lose their metadata', () => {
  it('the command-line importer: EXIF and GPS gone from JPEG, PNG and WebP, the photo upright; a bare picture kept', async () => {
    const photo = await exifPhoto();
    expect((await sharp(photo).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const dir = await pictureBundle('pictures-walk', {
      'photo.jpg': photo,
      'p.png': await colour('png'),
      'w.webp': await colour('webp'),
      'b.jpg': await readFile(path.join(FIXTURE, 'media', 'b.jpg')),
    });
    await importBundle(env.handle, env.media, dir);
    const files = await served('pictures-walk');
    expect([...files.keys()].sort()).toEqual(['a.jpg', 'b.jpg', 'p.png', 'photo.jpg', 'w.webp']);
    for (const bytes of files.values()) await expectWithoutMetadata(bytes);
    await expectUpright(files.get('photo.jpg')!);
    // The fixture's pictures have no metadata: published byte for byte.
    expect(files.get('b.jpg')).toEqual(await readFile(path.join(FIXTURE, 'media', 'b.jpg')));

    // Its export imports again with the same pictures and URLs: nothing is encoded twice.
    const before = (await env.app.inject({ url: '/api/v1/tour-by-token/pictures-walk' })).body;
    const out = path.join(env.dir, 'pictures-export');
    expect(await exportBundle(env.handle, env.media, 'pictures-walk', out)).toBe(true);
    await importBundle(env.handle, env.media, out);
    expect((await env.app.inject({ url: '/api/v1/tour-by-token/pictures-walk' })).body).toBe(
      before,
    );
  });

  it('the studio zip import pools them without metadata, and publish serves those same bytes', async () => {
    const photo = await exifPhoto();
    const files = await bundleFiles(
      'pictures-studio',
      (b) => (b.guide.images = ['media/photo.jpg']),
      {
        'media/photo.jpg': new Uint8Array(photo),
      },
    );
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: { ...w.publisherA.headers, 'content-type': 'application/zip' },
      payload: Buffer.from(zipSync(files)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json<StudioDraft>();
    const pooled = (draft.document as unknown as GuideBundleInput).guide.images![0]!;
    const inPool = await env.app.inject({
      url: `/studio-media/${pooled.slice('media/'.length)}`,
      headers: w.publisherA.headers,
    });
    expect(inPool.statusCode).toBe(200);
    await expectWithoutMetadata(inPool.rawPayload);
    await expectUpright(inPool.rawPayload);

    const published = await env.app.inject({
      method: 'POST',
      url: '/api/v1/studio/guides/pictures-studio/publish',
      headers: w.publisherA.headers,
      payload: { revision: draft.revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    const name = path.basename(pooled);
    expect((await served('pictures-studio')).get(name)).toEqual(inPool.rawPayload);
  });
});

/** A JPEG whose frame header says 30,000 × 30,000 pixels (sharp reads no further to refuse it). */
async function hugeJpeg(): Promise<Buffer> {
  const small = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
  small.writeUInt16BE(30_000, sof + 5);
  small.writeUInt16BE(30_000, sof + 7);
  return small;
}
const PIXELS = 'is 30,000 × 30,000 pixels; pictures may have at most 50,000,000 pixels';

describe('a pixel limit with a clear message', () => {
  it('the command-line importer refuses a 30,000 × 30,000 picture, and one it cannot read', async () => {
    expect((await sharp(await hugeJpeg(), { limitInputPixels: false }).metadata()).width).toBe(
      30_000,
    );
    const dir = await pictureBundle('pixels-walk', {
      'huge.jpg': await hugeJpeg(),
      'noise.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
    });
    await expect(importBundle(env.handle, env.media, dir)).rejects.toMatchObject({
      errors: [
        `$.guide.images[0]: file "media/huge.jpg" ${PIXELS}`,
        '$.guide.images[1]: file "media/noise.jpg" starts like a JPEG picture but cannot be read as one: it may be damaged or another kind of file',
      ],
    });
  });

  it('POST studio/import refuses it with the same message', async () => {
    const files: Zippable = await bundleFiles(
      'pixels-studio',
      (b) => (b.guide.images = ['media/huge.jpg']),
      {
        'media/huge.jpg': new Uint8Array(await hugeJpeg()),
      },
    );
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: { ...w.publisherA.headers, 'content-type': 'application/zip' },
      payload: Buffer.from(zipSync(files)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual([
      { path: '$.guide.images[0]', message: `file "media/huge.jpg" ${PIXELS}` },
    ]);
  });

  it('an upload answers 413 naming the size', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${w.orgA.guide}/media`,
      headers: { ...w.publisherA.headers, 'content-type': 'image/jpeg' },
      payload: await hugeJpeg(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(`This picture ${PIXELS}.`);
  });
});

describe('bundle audio named .mp4, .oga or .opus plays in the studio', () => {
  it('the studio import pools them as .m4a and .ogg, served with the types its player takes', async () => {
    const fixture = (name: string) =>
      readFile(path.join(path.dirname(FIXTURE), 'studio-media', name)).then(
        (b) => new Uint8Array(b),
      );
    const files = await bundleFiles(
      'audio-names',
      (b) => {
        b.pois![0]!.content.en!.audio = 'media/en.mp4';
        b.pois![0]!.content.es!.audio = 'media/es.oga';
        b.pois![1]!.content.en!.audio = 'media/en.opus';
      },
      {
        'media/en.mp4': await fixture('tone.m4a'),
        'media/es.oga': await fixture('tone.ogg'),
        'media/en.opus': await fixture('tone.ogg'),
      },
    );
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: { ...w.publisherA.headers, 'content-type': 'application/zip' },
      payload: Buffer.from(zipSync(files)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json<StudioDraft>().document as unknown as GuideBundleInput;
    const audio = [
      d.pois![0]!.content.en!.audio!,
      d.pois![0]!.content.es!.audio!,
      d.pois![1]!.content.en!.audio!,
    ];
    expect(audio.map((p) => path.extname(p))).toEqual(['.m4a', '.ogg', '.ogg']);
    const types = [];
    for (const p of audio) {
      const got = await env.app.inject({
        url: `/studio-media/${p.slice('media/'.length)}`,
        headers: w.publisherA.headers,
      });
      expect(got.statusCode, p).toBe(200);
      types.push(got.headers['content-type']);
    }
    expect(types).toEqual(['audio/mp4', 'audio/ogg', 'audio/ogg']);
  });
});
