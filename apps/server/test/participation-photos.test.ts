import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, type UserAnswer } from '@earshot/core';
import { answersRepository } from '../src/modules/participation/answers-repository.js';
import { answersService } from '../src/modules/participation/answers-service.js';
import type { SignedUp } from './auth-helpers.js';
import {
  answer,
  answerRows,
  call,
  participationEnv,
  signUpUser,
  type ParticipationEnv,
} from './participation-helpers.js';

const PHOTO = 'UserPhotoChallengeAnswer';
const NAME = /^\/static\/answers\/([0-9a-f]{32})(-medium|-thumbnail)?\.jpg$/;

let env: ParticipationEnv;
beforeAll(async () => {
  env = await participationEnv();
});
afterAll(() => env.close());

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const photoOf = (value: string) => ({ challenge: env.ids.photo, value, resourcetype: PHOTO });
const stored = async () => (await readdir(path.join(env.mediaDir, 'answers'))).sort();
const fetchImage = async (url: string) => {
  const res = await env.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  return { res, meta: await sharp(res.rawPayload).metadata() };
};

/** A camera-like JPEG: landscape pixels with an EXIF orientation that turns it upright. */
const cameraJpeg = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestCam' } } })
    .toBuffer();

describe('photo answers', () => {
  it('stores a real JPEG upright, without its metadata, with medium and thumbnail versions', async () => {
    const ann = await signUpUser(env);
    const res = await answer(env, ann, photoOf(dataUrl('image/jpeg', await cameraJpeg())));
    expect(res.statusCode).toBe(201);
    const a = res.json<UserAnswer>();
    expect(a).toMatchObject({
      resourcetype: PHOTO,
      is_checked: false,
      is_correct: null,
      checked_at: null,
    });
    const [, name] = NAME.exec(a.value)!;
    expect(a.value_medium).toBe(`/static/answers/${name}-medium.jpg`);
    expect(a.medium_image).toBe(a.value_medium);
    expect(a.value_thumbnail).toBe(`/static/answers/${name}-thumbnail.jpg`);

    const full = await fetchImage(a.value);
    expect([full.meta.width, full.meta.height]).toEqual([2000, 3000]);
    expect(full.meta.exif).toBeUndefined();
    expect(full.res.headers['cache-control']).toContain('immutable');
    const medium = await fetchImage(a.value_medium!);
    expect([medium.meta.width, medium.meta.height]).toEqual([800, 1200]);
    const thumb = await fetchImage(a.value_thumbnail!);
    expect([thumb.meta.width, thumb.meta.height]).toEqual([213, 320]);
    expect(await stored()).toEqual([`${name}-medium.jpg`, `${name}-thumbnail.jpg`, `${name}.jpg`]);
  });

  it('stores a PNG with transparency, and a photo smaller than the medium size as it is', async () => {
    const ben = await signUpUser(env);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const res = await answer(env, ben, photoOf(dataUrl('image/png', png)));
    expect(res.statusCode).toBe(201);
    const a = res.json<UserAnswer>();
    const medium = await fetchImage(a.value_medium!);
    expect([medium.meta.width, medium.meta.height]).toEqual([640, 480]);
    const thumb = await fetchImage(a.value_thumbnail!);
    expect([thumb.meta.width, thumb.meta.height]).toEqual([320, 240]);
    // See-through became white, not black.
    const { data } = await sharp((await fetchImage(a.value)).res.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it.each([
    [
      'text dressed as a PNG',
      () => dataUrl('image/png', Buffer.from('hello, not a picture')),
      'The photo is not an image (JPEG, PNG, WebP, GIF, AVIF or HEIC)',
    ],
    [
      'an SVG drawing',
      () =>
        dataUrl(
          'image/svg+xml',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        ),
      'The photo is not an image (JPEG, PNG, WebP, GIF, AVIF or HEIC)',
    ],
    [
      'a cut-off JPEG',
      () => 'CUT',
      'The photo is not an image (JPEG, PNG, WebP, GIF, AVIF or HEIC)',
    ],
    [
      'a web address',
      () => 'https://example.com/photo.jpg',
      'The photo must be an image given as a base64 data URL (data:image/…;base64,…)',
    ],
    [
      'a data URL of text',
      () => 'data:text/plain;base64,aGVsbG8=',
      'The photo must be an image given as a base64 data URL (data:image/…;base64,…)',
    ],
  ])('refuses %s with a clear 400, storing nothing', async (_what, make, message) => {
    const carl = await signUpUser(env);
    const before = await stored();
    let value = make();
    if (value === 'CUT') {
      const jpeg = await cameraJpeg();
      value = dataUrl('image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    }
    const res = await answer(env, carl, photoOf(value));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stored()).toEqual(before);
    expect(await answerRows(env, carl.user.id)).toEqual([]);
  });

  it('refuses a photo above 10 MB, or above 50 megapixels, with a clear 400', async () => {
    const dan = await signUpUser(env);
    // A real PNG of noise: it cannot be compressed below 10 MB.
    const side = 1900;
    const big = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    const tooBig = await answer(env, dan, photoOf(dataUrl('image/png', big)));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('The photo is too large: at most 10 MB');
    // Just over the limit, the body still fits: the data URL itself is measured.
    const justOver = dataUrl('image/png', Buffer.alloc(PHOTO_MAX_BYTES + 3));
    const over = await answer(env, dan, photoOf(justOver));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The photo is too large: at most 10 MB');
    // A small file that unpacks into a huge picture.
    const wide = await sharp({
      create: { width: 10000, height: 5100, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(PHOTO_MAX_BYTES);
    const huge = await answer(env, dan, photoOf(dataUrl('image/png', wide)));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The photo is too large: at most 50 megapixels');
    expect(await answerRows(env, dan.user.id)).toEqual([]);
  }, 30_000);

  it('stores one photo when requests with one key race, and no stray files', async () => {
    const erin: SignedUp = await signUpUser(env);
    const before = await stored();
    const key = randomUUID();
    const small = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#aa6633' },
    })
      .jpeg()
      .toBuffer();
    const body = photoOf(dataUrl('image/jpeg', small));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => answer(env, erin, body, key)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json<UserAnswer>().id)).size).toBe(1);
    expect(await answerRows(env, erin.user.id)).toHaveLength(1);
    const added = (await stored()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(3);
    expect(added.every((f) => results[0]!.json<UserAnswer>().value.includes(f.slice(0, 32)))).toBe(
      true,
    );
  });

  it('refuses a visitor before reading the photo, and lists no folder', async () => {
    const res = await call(env, null, {
      method: 'POST',
      url: '/api/v1/user_answers/',
      payload: photoOf(dataUrl('image/jpeg', await cameraJpeg())),
    });
    expect(res.statusCode).toBe(401);
    expect((await env.app.inject({ url: '/static/answers/' })).statusCode).toBe(404);
  });

  it("removes a user's photo files, as an account's deletion needs", async () => {
    const fay = await signUpUser(env);
    const res = await answer(env, fay, photoOf(dataUrl('image/jpeg', await cameraJpeg())));
    const name = NAME.exec(res.json<UserAnswer>().value)![1]!;
    const others = (await stored()).filter((f) => !f.startsWith(name));
    const service = answersService({
      answers: answersRepository(env.handle.db),
      store: env.media,
    });
    await service.removeUserPhotos(fay.user.id);
    expect(await stored()).toEqual(others);
  });
});
