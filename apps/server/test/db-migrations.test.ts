import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/database.js';
import { migrations } from '../src/db/migrations.js';

// The migrations' names are what every existing database records in `kysely_migration`
// (docs/decisions/0020): a database migrated before the migrations were split into files, or
// by any release since, must find all of its names and run nothing again. On SQLite and on
// PostgreSQL (DATABASE_URL).

/** The names as the single migrations.ts of before the split wrote them. Append only. */
const RECORDED = [
  '0001_content',
  '0002_content_version',
  '0003_poi_transcripts',
  '0004_identity',
  '0005_poi_visits',
  '0006_visit_requests',
  '0007_studio_access',
  '0008_studio_drafts',
  '0009_poi_image_alts',
  '0010_insights',
  '0011_shared_limits',
  '0012_catalogue_search',
  '0013_unpublished_draft_keys',
  '0014_membership_confirmation',
  '0015_insights_visits',
];

let dir: string;
let handle: DbHandle;
const migrator = () => {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  return new Migrator({ db: handle.db, provider });
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-migrations-'));
  handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: dir });
  if (handle.dialect === 'postgres') {
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  }
});
afterAll(async () => {
  await handle.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('keep the names existing databases recorded, in their order, and add only after them', () => {
    const names = Object.keys(migrations(handle.dialect));
    expect(names.slice(0, RECORDED.length)).toEqual(RECORDED);
    expect([...names].sort()).toEqual(names);
  });

  it('are one file each, named as the migration (src/db/migrations/NNNN_name.ts)', async () => {
    const files = await readdir(new URL('../src/db/migrations/', import.meta.url));
    const named = files.filter((f) => /^\d{4}_/.test(f)).map((f) => f.replace(/\.ts$/, ''));
    expect(named.sort()).toEqual(Object.keys(migrations(handle.dialect)));
  });

  it('record their names once and run nothing again on a migrated database', async () => {
    const first = await migrator().migrateToLatest();
    expect(first.error).toBeUndefined();
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`
      .execute(handle.db)
      .then((r) => r.rows.map((row) => row.name));
    expect(recorded).toEqual(Object.keys(migrations(handle.dialect)));
    const again = await migrator().migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
  });
});
