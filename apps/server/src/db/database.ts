import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import { migrations, type Dialect } from './migrations.js';

export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: Dialect };

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (opts.databaseUrl) {
    // PostgreSQL returns bigint counts and numerics as strings unless told otherwise.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'earshot.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) }),
    dialect: 'sqlite',
  };
}

export async function migrate(handle: DbHandle): Promise<void> {
  const all = migrations(handle.dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const { error, results } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `migration ${failed.migrationName} failed: ${reason}` : reason);
  }
}
