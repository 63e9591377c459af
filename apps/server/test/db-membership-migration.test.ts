import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/database.js';
import { migrations } from '../src/db/migrations.js';
import { migrateAll } from '../src/migrate-all.js';
import { migrateAuthTables } from '../src/modules/auth/better-auth.js';
import { invitationsRepository } from '../src/modules/studio/invitations/invitations-repository.js';

// Migration 0014_membership_confirmation on a database that had members before it: everyone
// who accepted an invitation then stays a member, confirmed when they accepted; an invitation
// nobody accepted stays open. On SQLite and on PostgreSQL (DATABASE_URL).

const MIGRATION = '0014_membership_confirmation';
let dir: string;
let handle: DbHandle;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-migration-'));
  handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: dir });
  if (handle.dialect === 'postgres') {
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  }
  // Every migration before this one, then better-auth's tables, as a server of then had them.
  const before = Object.fromEntries(
    Object.entries(migrations(handle.dialect)).filter(([name]) => name < MIGRATION),
  );
  const provider: MigrationProvider = { getMigrations: async () => before };
  const { error } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  expect(error).toBeUndefined();
  await migrateAuthTables(handle);
});
afterAll(async () => {
  await handle.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe(MIGRATION, () => {
  it('keeps members who accepted before it confirmed, and open invitations open', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = handle.db as any;
    const stamp = handle.dialect === 'postgres' ? new Date() : new Date().toISOString();
    for (const id of ['old-member', 'admin'])
      await db
        .insertInto('users')
        .values({
          id,
          name: id,
          email: `${id}@example.test`,
          email_verified: handle.dialect === 'postgres' ? false : 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    const org = await db
      .insertInto('organisations')
      .values({ name: 'Old Museum', slug: 'old-museum' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await db
      .insertInto('invitations')
      .values([
        {
          organisation_id: org.id,
          email: 'old-member@example.test',
          token_hash: 'a'.repeat(64),
          invited_by: 'admin',
          expires_at: later,
          accepted_at: '2026-01-02T03:04:05.000Z',
          accepted_by: 'old-member',
        },
        {
          organisation_id: org.id,
          email: 'someone@example.test',
          token_hash: 'b'.repeat(64),
          invited_by: 'admin',
          expires_at: later,
        },
      ])
      .execute();
    await db
      .insertInto('organisation_members')
      .values({ organisation_id: org.id, user_id: 'old-member', role: 'publisher' })
      .execute();

    await migrateAll(handle);

    const rows = await handle.db
      .selectFrom('invitations')
      .select(['email', 'accepted_at', 'confirmed_at'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      {
        email: 'old-member@example.test',
        accepted_at: '2026-01-02T03:04:05.000Z',
        confirmed_at: '2026-01-02T03:04:05.000Z',
      },
      { email: 'someone@example.test', accepted_at: null, confirmed_at: null },
    ]);
    const members = await handle.db
      .selectFrom('organisation_members')
      .select('user_id')
      .where('organisation_id', '=', org.id)
      .execute();
    expect(members).toEqual([{ user_id: 'old-member' }]);
    const invitations = invitationsRepository(handle.db);
    expect(await invitations.awaiting(org.id)).toEqual([]);
    expect(await invitations.waitingFor('old-member')).toEqual([]);
  });
});
