import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { s3MediaStore } from '../src/storage/s3-store.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { startS3, type TestS3 } from './support/s3-server.js';

// A node whose bucket cannot be reached does not start half-working: it stops with one line
// naming the store (never its secret). Its app answers `mediaStore.check()` for the ready check.

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

let dir: string;
let s3: TestS3;
let env: TestEnv;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-s3-start-'));
  s3 = await startS3('ready');
  env = await makeEnv({ mediaStore: s3.store });
});
afterAll(async () => {
  await env?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a node with S3 settings', () => {
  it('stops at start with one clear line when the bucket cannot be reached', async () => {
    const failed = await run(process.execPath, [TSX, 'src/main.ts'], {
      cwd: SERVER,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dir,
        DEMO_CONTENT: '0',
        PORT: '0',
        S3_ENDPOINT: `${s3.settings.endpoint}`,
        S3_BUCKET: 'no-such-bucket',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER-secret-never-shown',
      },
      timeout: 60_000,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(
      /earshot: cannot reach the media store \(S3_BUCKET=no-such-bucket at S3_ENDPOINT=http:\/\/127\.0\.0\.1:\d+\)/,
    );
    expect(failed?.stderr).not.toContain('never-shown');
  }, 90_000);

  it('gives the app its store, whose check answers while the bucket does', async () => {
    await expect(env.app.mediaStore.check()).resolves.toBeUndefined();
  });

  it('is ready while its bucket answers, and not ready (503, saying why) when it does not', async () => {
    const ready = await env.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const gone = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: await s3MediaStore({ ...s3.settings, bucket: 'gone-bucket' }),
    });
    try {
      const res = await gone.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        reason: expect.stringMatching(/^media store: /),
      });
    } finally {
      await gone.close();
    }
  });
});
