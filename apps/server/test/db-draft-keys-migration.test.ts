import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/database.js';
import { migrations } from '../src/db/migrations.js';

// Migration 0013_unpublished_draft_keys on a database of before it, where a draft claimed its
// token at once: a draft no one has published is given its organisation's key (token~id), with
// its preview link, and its owner row goes; a published guide's draft, owner and link stay. On
// SQLite and on PostgreSQL (DATABASE_URL), with a token as long as a token may be.

const MIGRATION = '0013_unpublished_draft_keys';
const LONG = 'l'.repeat(120);
let dir: string;
let handle: DbHandle;

/** Every migration up to `last` (inclusive) or before `before`. */
async function migrateTo(filter: (name: string) => boolean) {
  const chosen = Object.fromEntries(
    Object.entries(migrations(handle.dialect)).filter(([name]) => filter(name)),
  );
  const provider: MigrationProvider = { getMigrations: async () => chosen };
  const { error } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  expect(error).toBeUndefined();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-migration-'));
  handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: dir });
  if (handle.dialect === 'postgres') {
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  }
  await migrateTo((name) => name < MIGRATION);
});
afterAll(async () => {
  await handle.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe(MIGRATION, () => {
  it("keys drafts no one has published by their organisation, and keeps published guides' as they were", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = handle.db as any;
    const org = (
      await db
        .insertInto('organisations')
        .values({ name: 'Old Museum', slug: 'old-museum' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
    const city = await db
      .insertInto('cities')
      .values({ name: 'Bend', name_key: 'bend', state: 'Oregon', state_key: 'oregon' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('guides')
      .values({ token: 'old-published', title: 'Published', city_id: city.id })
      .execute();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    for (const token of ['old-published', 'old-draft', LONG]) {
      await db
        .insertInto('guide_owners')
        .values({ guide_token: token, organisation_id: org })
        .execute();
      await db
        .insertInto('guide_drafts')
        .values({ guide_token: token, organisation_id: org, document: '{}', revision: 1 })
        .execute();
      await db
        .insertInto('guide_previews')
        .values({ token: `p-${token.slice(0, 20)}`, guide_token: token, expires_at: later })
        .execute();
    }
    await migrateTo((name) => name <= MIGRATION);

    const drafts = await db.selectFrom('guide_drafts').select('guide_token').execute();
    expect(drafts.map((d: { guide_token: string }) => d.guide_token).sort()).toEqual(
      ['old-published', `old-draft~${org}`, `${LONG}~${org}`].sort(),
    );
    const links = await db.selectFrom('guide_previews').select(['token', 'guide_token']).execute();
    expect(
      Object.fromEntries(
        links.map((l: { token: string; guide_token: string }) => [l.token, l.guide_token]),
      ),
    ).toEqual({
      'p-old-published': 'old-published',
      'p-old-draft': `old-draft~${org}`,
      [`p-${LONG.slice(0, 20)}`]: `${LONG}~${org}`,
    });
    const owners = await db.selectFrom('guide_owners').select('guide_token').execute();
    expect(owners.map((o: { guide_token: string }) => o.guide_token)).toEqual(['old-published']);
  });
});
