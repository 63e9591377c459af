import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
  type MigrationProvider,
} from 'kysely';
import type { Database } from './schema.js';
import { migrations, type Dialect } from './migrations.js';

export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: Dialect };

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Called with the SQL of every query (tests count queries per request with it). */
  onQuery?: (sql: string) => void;
  /**
   * PostgreSQL: told when an idle pooled connection fails (the server restarted, an admin or a
   * failover ended it). The pool drops that connection and opens a new one when next needed;
   * without a listener pg's pool would throw the error and end the process. Default: one
   * line on stderr.
   */
  onIdleError?: (e: Error) => void;
};

export function openDatabase(opts: OpenOptions): DbHandle {
  const onQuery = opts.onQuery;
  const log = onQuery
    ? (e: LogEvent) => {
        if (e.level === 'query') onQuery(e.query.sql);
      }
    : undefined;
  if (opts.databaseUrl) {
    // PostgreSQL returns bigint counts and numerics as strings unless told otherwise.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    pool.on(
      'error',
      opts.onIdleError ??
        ((e) => console.error(`earshot: an idle database connection ended: ${e.message}`)),
    );
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }),
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
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log }),
    dialect: 'sqlite',
  };
}

/**
 * A migration that is not ours to write (better-auth's tables), handed in by whoever composes
 * the app (src/migrate-all.ts), so this layer never imports the modules built on it.
 */
export type MigrationStep = (handle: DbHandle) => Promise<void>;

/** Our migrations, then the `after` steps in order (they may refer to our tables). */
export async function migrate(handle: DbHandle, after: readonly MigrationStep[]): Promise<void> {
  const all = migrations(handle.dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const { error, results } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `migration ${failed.migrationName} failed: ${reason}` : reason);
  }
  for (const step of after) await step(handle);
}
