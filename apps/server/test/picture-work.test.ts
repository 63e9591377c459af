import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../src/bundles/bundle-import.js';
import { PICTURE_CONCURRENCY } from '../src/modules/media/picture-work.js';
import { makeEnv, writeBundle, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// However many uploads, imports and first requests for right-sized pictures come at once,
// sharp works on at most PICTURE_CONCURRENCY pictures in this process (docs/security.md).

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

/** A 640 × 480 photo of noise (slow enough to encode to be seen) with EXIF, a new one each time. */
let seed = 0;
const photo = () =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 100 + ++seed, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: 'TestCam' } })
    .toBuffer();

const upload = async (body: Buffer) => {
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/v1/studio/guides/${w.orgA.guide}/media`,
    headers: { ...w.publisherA.headers, 'content-type': 'image/jpeg' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
};

describe('picture work has one cap for the whole process', () => {
  it('uploads, a bundle import and variants at once never run more than the cap in sharp', async () => {
    const pooled = [await upload(await photo()), await upload(await photo())];
    const bundle = await writeBundle(env.dir, 'busy', (b) => {
      b.guide.images = ['media/p0.jpg', 'media/p1.jpg'];
    });
    for (let i = 0; i < 2; i++)
      await writeFile(path.join(bundle, 'media', `p${i}.jpg`), await photo());
    const bodies = await Promise.all(Array.from({ length: 4 }, photo));

    // sharp's own count of the tasks it runs and queues: no promise of ours can hide one.
    // counters() reads `queue`, then `process`: a task a libuv thread takes between the two
    // reads is in both, and a gate of 2 shows 3 under load. A task enters the queue and leaves
    // `process` on this thread only, so `process` from a first reading and `queue` from a
    // second one count no task twice.
    let peak = 0;
    const sample = setInterval(() => {
      const { process } = sharp.counters();
      const { queue } = sharp.counters();
      peak = Math.max(peak, process + queue);
    }, 1);
    try {
      await Promise.all([
        ...bodies.map(upload),
        importBundle(env.handle, env.media, bundle),
        ...pooled.flatMap((url) =>
          [224, 480].map(async (width) => {
            const res = await env.app.inject({ url: `${url}?w=${width}` });
            expect(res.statusCode).toBe(200);
            expect(res.headers['content-type']).toBe('image/webp');
          }),
        ),
      ]);
    } finally {
      clearInterval(sample);
    }
    expect(peak).toBeLessThanOrEqual(PICTURE_CONCURRENCY);
    expect(peak).toBeGreaterThan(0);
  });
});
