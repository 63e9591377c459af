// A real S3-compatible server for tests (s3rver, in this process, on a random port, its objects
// in a temp folder of its own), and the S3 settings that point the app at it. s3rver takes the
// credentials S3RVER/S3RVER and checks request signatures like S3 does.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/storage/s3-store.js';
import { s3MediaStore } from '../../src/storage/s3-store.js';
import type { MediaStore } from '../../src/storage/media-store.js';

export type TestS3 = {
  settings: S3Settings;
  /** The S3_* environment of these settings (for a server process or the CLI). */
  env: Record<string, string>;
  store: MediaStore;
  /** The folder s3rver keeps objects in (a test may look, never write). */
  directory: string;
  close(): Promise<void>;
};

export async function startS3(bucket = 'earshot-test', prefix = ''): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    },
    store: await s3MediaStore(settings),
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
