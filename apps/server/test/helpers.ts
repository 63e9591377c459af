import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { GuideBundleInput } from '@earshot/core';
import { buildApp } from '../src/app.js';
import { openDatabase, type DbHandle } from '../src/db/database.js';
import { migrateAll } from '../src/migrate-all.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { diskMediaStore } from '../src/storage/disk-store.js';
import type { MediaStore } from '../src/storage/media-store.js';

export const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'mini-guide',
);

export type TestEnv = {
  app: FastifyInstance;
  handle: DbHandle;
  dir: string;
  mediaDir: string;
  /** Where the app keeps media: its store when the test gave one (a bucket), else the disk of `dir`. */
  media: MediaStore;
  close: () => Promise<void>;
};

/** A fresh database (temp SQLite file, or the emptied PostgreSQL of DATABASE_URL) and an app on it. */
export async function makeEnv(
  appOptions: Partial<Parameters<typeof buildApp>[0]> = {},
  dbOptions: { onQuery?: (sql: string) => void } = {},
): Promise<TestEnv> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = openDatabase({ databaseUrl, dataDir: dir, onQuery: dbOptions.onQuery });
  if (handle.dialect === 'postgres') {
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  }
  await migrateAll(handle);
  const mediaDir = path.join(dir, 'media');
  // Tests change content and read it back at once: read the content version every time.
  const media = appOptions.mediaStore ?? diskMediaStore(dir);
  const app = await buildApp({
    handle,
    mediaDir,
    mediaStore: media,
    versionCheckMs: 0,
    ...appOptions,
  });
  return {
    app,
    handle,
    dir,
    mediaDir,
    media,
    close: async () => {
      await app.close();
      await handle.db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function readFixture(): Promise<GuideBundleInput> {
  return JSON.parse(await readFile(path.join(FIXTURE, 'guide.json'), 'utf8')) as GuideBundleInput;
}

/** Writes a copy of the fixture bundle, changed by `edit`, into a new folder under `root`. */
export async function writeBundle(
  root: string,
  name: string,
  edit: (b: GuideBundleInput) => void,
): Promise<string> {
  const target = path.join(root, 'bundles', name);
  await cp(FIXTURE, target, { recursive: true });
  const bundle = await readFixture();
  edit(bundle);
  await writeFile(path.join(target, 'guide.json'), JSON.stringify(bundle));
  return target;
}

/** A small one-POI guide at the given place, with tokens unique to `token`. */
export async function writeSmallGuide(
  root: string,
  token: string,
  city: string,
  state: string,
  lat: number,
  lng: number,
) {
  return writeBundle(root, token, (b) => {
    b.guide.token = token;
    b.guide.title = `Guide ${token}`;
    b.guide.city = { name: city, state };
    b.guide.languages = [];
    delete b.guide.theme;
    b.layers = [];
    b.badges = [];
    b.hunts = [];
    b.pois = [
      {
        token: `${token}-poi`,
        lat,
        lng,
        images: ['media/a.jpg'],
        content: { en: { title: `Stop of ${token}`, audio: 'media/en.mp3' } },
      },
    ];
  });
}

export async function importFixture(env: TestEnv) {
  return importBundle(env.handle, env.media, FIXTURE);
}

/** How many tracking events the database holds (writes that must store nothing leave it as it is). */
export async function countTrackingEvents(env: TestEnv): Promise<number> {
  const row = await env.handle.db
    .selectFrom('tracking_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
