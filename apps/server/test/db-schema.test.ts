import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type ColumnMetadata } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/database.js';
import { SQL_TYPES, type Column, type Table } from '../src/db/columns.js';
import { authTables, tables } from '../src/db/schema.js';
import { migrateAll } from '../src/migrate-all.js';

// The description of schema.ts (the Kysely types come from it, docs/decisions/0020) against a
// database migrated from empty, on SQLite and on PostgreSQL (DATABASE_URL): the same tables,
// the same columns, each one's nullability, default and type family.

/** Tables in the database that schema.ts does not describe: none of our code reads them typed. */
const UNDESCRIBED: Record<string, RegExp> = {
  // The search engine's table (migration 0012), read by raw SQL; on SQLite an FTS5 table with
  // its shadow tables.
  guide_search: /^guide_search(_(data|idx|content|docsize|config))?$/,
  // better-auth's own (address proofs, reset links): only better-auth reads it.
  verifications: /^verifications$/,
};

let dir: string;
let handle: DbHandle;
let found: Map<string, Map<string, ColumnMetadata>>;
/** SQLite's primary key columns (`table.column`): never null, though PRAGMA says nullable. */
let sqliteKeys = new Set<string>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-schema-'));
  handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: dir });
  if (handle.dialect === 'postgres') {
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  }
  await migrateAll(handle);
  const introspected = await handle.db.introspection.getTables();
  if (handle.dialect === 'sqlite') {
    const keys = await sql<{ key: string }>`select m.name || '.' || p.name as key
      from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table' and p.pk > 0`.execute(
      handle.db,
    );
    sqliteKeys = new Set(keys.rows.map((r) => r.key));
  }
  found = new Map(
    introspected.map((t) => [t.name, new Map(t.columns.map((c) => [c.name, c]))] as const),
  );
});
afterAll(async () => {
  await handle.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** How a described column differs from the database's, or null when it does not. */
function difference(
  table: string,
  described: Column,
  actual: ColumnMetadata | undefined,
): string | null {
  if (!actual) return 'missing from the database';
  const nullable = actual.isNullable && !sqliteKeys.has(`${table}.${actual.name}`);
  const type = SQL_TYPES[described.family][handle.dialect];
  if (!type.test(actual.dataType))
    return `${described.family} described, ${actual.dataType} in the database`;
  if (described.nullable !== nullable)
    return described.nullable ? 'described nullable, not null' : 'described not null, nullable';
  // SQLite fills any integer primary key left out of an insert (its rowid), described or not.
  if (described.hasDefault && !actual.hasDefaultValue && !actual.isAutoIncrementing)
    return 'described with a default, none in the database';
  if (!described.hasDefault && actual.hasDefaultValue)
    return 'described without a default, one in the database';
  return null;
}

function differences(described: Record<string, Table>, all: boolean): string[] {
  return Object.entries(described).flatMap(([name, columns]) => {
    const actual = found.get(name);
    if (!actual) return [`${name}: missing from the database`];
    const wrong = Object.entries(columns).flatMap(([column, c]) => {
      const d = difference(name, c, actual.get(column));
      return d ? [`${name}.${column}: ${d}`] : [];
    });
    const extra = all ? [...actual.keys()].filter((c) => !(c in columns)) : [];
    return [...wrong, ...extra.map((c) => `${name}.${c}: in the database, not described`)];
  });
}

describe('schema.ts', () => {
  it('describes every column of our tables as the migrations make them', () => {
    expect(differences(tables, true)).toEqual([]);
  });

  it("describes the columns of better-auth's tables that the code reads", () => {
    expect(differences(authTables, false)).toEqual([]);
  });

  it('leaves out only the tables no code reads typed', () => {
    const described = new Set([...Object.keys(tables), ...Object.keys(authTables)]);
    const left = [...found.keys()].filter(
      (t) => !described.has(t) && !Object.values(UNDESCRIBED).some((re) => re.test(t)),
    );
    expect(left).toEqual([]);
  });
});
