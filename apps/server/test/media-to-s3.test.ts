import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAnswer } from '@earshot/core';
import { buildApp } from '../src/app.js';
import { putPoolFile } from '../src/modules/studio/media/media-pool-files.js';
import { diskMediaStore } from '../src/storage/disk-store.js';
import { FIXTURE, importFixture, makeEnv, type TestEnv } from './helpers.js';
import { answer, participationIds, signUpUser } from './participation-helpers.js';
import { startS3, type TestS3 } from './support/s3-server.js';

// `npm run media:to-s3` (cli.ts media-to-s3): the media of a DATA_DIR go to the bucket under
// the same keys, with progress and a summary; run again, it copies nothing; an app on the bucket
// then serves what the disk served. Run as the real command line, against s3rver.

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

let s3: TestS3;
let env: TestEnv;
let photo: string;
let audio: string;
let poolPath: string;

async function cli(extraEnv: Record<string, string>) {
  const environment = { ...process.env, DATA_DIR: env.dir, DEMO_CONTENT: '0', ...extraEnv };
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'src/cli.ts', 'media-to-s3'], {
      cwd: SERVER,
      env: environment,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

beforeAll(async () => {
  s3 = await startS3('moved', 'earshot');
  env = await makeEnv();
  await importFixture(env);
  const ann = await signUpUser(env);
  const jpeg = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#863' } })
    .jpeg()
    .toBuffer();
  const res = await answer(env, ann, {
    challenge: (await participationIds(env)).photo,
    value: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    resourcetype: 'UserPhotoChallengeAnswer',
  });
  photo = res.json<UserAnswer>().value!;
  const tour = (await env.app.inject({ url: '/api/v1/tour-by-token/mini-walk' })).json();
  audio = tour.pois[0].audio_url;
  // A file of the studio's pool, put there as the studio's import does.
  poolPath = await putPoolFile(diskMediaStore(env.dir), path.join(FIXTURE, 'media', 'b.jpg'));
  // A right-sized copy of a guide's picture is named by its disk path: the bucket makes its own.
  expect((await env.app.inject({ url: `${tour.images[0]}&w=224` })).statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await env?.close();
  await s3?.close();
});

describe('media:to-s3', () => {
  it('refuses to run without the S3 settings', async () => {
    const res = await cli({});
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/needs S3_ENDPOINT, S3_BUCKET and credentials/);
  });

  it('copies every medium with progress and a summary, then copies nothing the second time', async () => {
    const first = await cli(s3.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Copying 8 media files from /);
    expect(first.stdout).toMatch(
      /\[1\/8\] media\/answers\/[0-9a-f]{32}(-medium|-thumbnail)?\.jpg: copied/,
    );
    expect(first.stdout).toMatch(/media\/tours\/1\/media\/en\.mp3: copied/);
    expect(first.stdout).toMatch(/\(1 right-sized copies of guides' pictures stay behind/);
    expect(first.stdout).toMatch(/Done: 8 copied \(.+\), 0 already there, 0 failed, of 8\./);
    const keys: string[] = [];
    for await (const o of s3.store.list('')) keys.push(o.key);
    expect(keys).toHaveLength(8);
    expect(keys).toContain('media/tours/1/media/a.jpg');
    expect(keys).toContain(`studio-media/${path.basename(poolPath)}`);

    const again = await cli(s3.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Done: 0 copied \(0 B\), 8 already there, 0 failed, of 8\./);
  }, 60_000);

  it('leaves media an app on the bucket serves as the disk did, with the URLs it gave', async () => {
    const onBucket = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: s3.store,
      versionCheckMs: 0,
    });
    try {
      for (const url of [audio, photo]) {
        const disk = await env.app.inject({ url });
        const bucket = await onBucket.inject({ url });
        expect(bucket.statusCode, url).toBe(200);
        expect(bucket.rawPayload).toEqual(disk.rawPayload);
        expect(bucket.headers['cache-control']).toBe(disk.headers['cache-control']);
      }
      // The guide's files carry the hash their URLs name, as an import gives them.
      const [file, v] = audio.split('?v=');
      expect(
        (await s3.store.head(`media/tours/${file!.slice('/static/tours/'.length)}`))?.version,
      ).toBe(v);
      const part = await onBucket.inject({ url: audio, headers: { range: 'bytes=0-3' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(
        (await readFile(path.join(env.mediaDir, 'tours', '1', 'media', 'en.mp3'))).subarray(0, 4),
      );
    } finally {
      await onBucket.close();
    }
  });
});
