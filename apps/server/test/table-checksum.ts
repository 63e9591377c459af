import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../src/db/database.js';

/** Every table's row count and a checksum of its rows, by table name. */
export type Checksums = Record<string, string>;

/** SQLite FTS5's shadow tables of a full-text table `x`: `x_data`, `x_idx`… */
const FTS5_SHADOWS = ['data', 'idx', 'docsize', 'config', 'content'];

/** The change counter's own table on SQLite (never hashed). */
const COUNTER = 'zz_fuzz_changes';

/**
 * Checksums of every table, fast enough to take after each request a fuzz run sends: a change
 * counter says whether anything can have changed since the last take, and the tables are read
 * and hashed only when it moved. `watch()` installs the counter in the test's own database: a
 * trigger on every table (each row inserted, updated or deleted; on PostgreSQL truncate too)
 * advances it, a sequence on PostgreSQL (never rolled back: a change undone still counts, the
 * tables are hashed and found equal) and a one-row table on SQLite. The hash is one statement
 * on PostgreSQL. `skip` names tables that are neither watched nor hashed (the shared limits'
 * counters, which every request adds to, refused or not).
 */
export function tableChecksums(handle: DbHandle, skip: readonly string[] = []) {
  const { db } = handle;
  const pg = handle.dialect === 'postgres';
  let tables: string[] | undefined;
  let changes = -1;
  let last: Checksums = {};
  /** How many takes read and hashed the tables (the counter had moved). */
  let hashed = 0;

  const names = async () => {
    if (tables) return tables;
    // A SQLite full-text table's shadow tables are its storage: their segments merge and move
    // when the same row is written again. The full-text table itself is hashed by its rows.
    const virtual = pg
      ? []
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'`.execute(db)
        ).rows.map((r) => r.name);
    const shadow = new Set(virtual.flatMap((v) => FTS5_SHADOWS.map((suffix) => `${v}_${suffix}`)));
    return (tables = (await db.introspection.getTables())
      .filter(
        (t) => !t.isView && t.name !== COUNTER && !skip.includes(t.name) && !shadow.has(t.name),
      )
      .map((t) => t.name)
      .sort());
  };

  async function watch(): Promise<void> {
    if (pg) {
      await sql`create sequence if not exists fuzz_changes`.execute(db);
      await sql`create or replace function fuzz_changed() returns trigger language plpgsql as $$
        begin perform nextval('fuzz_changes'); return null; end $$`.execute(db);
    } else {
      await sql`create table if not exists ${sql.table(COUNTER)} (n integer not null)`.execute(db);
      await sql`insert into ${sql.table(COUNTER)} (n) select 0
        where not exists (select 1 from ${sql.table(COUNTER)})`.execute(db);
    }
    for (const t of await names()) {
      const table = sql.table(t);
      if (pg) {
        await sql`create or replace trigger fuzz_changed_rows after insert or update or delete
          on ${table} for each row execute function fuzz_changed()`.execute(db);
        await sql`create or replace trigger fuzz_changed_truncate after truncate
          on ${table} for each statement execute function fuzz_changed()`.execute(db);
        continue;
      }
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger if not exists ${sql.id(`fuzz_${event}_${t}`)} after ${sql.raw(event)}
          on ${table} begin update ${sql.table(COUNTER)} set n = n + 1; end`
          .execute(db)
          // A virtual table (full-text search) takes no trigger; its content table has them.
          .catch(() => undefined);
    }
  }

  const counter = async () => {
    const { rows } = pg
      ? await sql<{
          n: number;
        }>`select last_value + case when is_called then 1 else 0 end as n from fuzz_changes`.execute(
          db,
        )
      : await sql<{ n: number }>`select n from ${sql.table(COUNTER)}`.execute(db);
    return Number(rows[0]!.n);
  };

  async function hashPostgres(): Promise<Checksums> {
    const parts = (await names()).map(
      (t) =>
        sql`${sql.lit(t)}, (select count(*) || ':' || md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) from ${sql.table(t)} x)`,
    );
    const { rows } = await sql<{
      sums: Checksums;
    }>`select json_build_object(${sql.join(parts)}) as sums`.execute(db);
    return rows[0]!.sums;
  }

  async function hashSqlite(): Promise<Checksums> {
    const out: Checksums = {};
    for (const t of await names()) {
      const all = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
      const lines = all.rows.map((r) => JSON.stringify(r)).sort();
      out[t] = `${all.rows.length}:${createHash('md5').update(lines.join('\n')).digest('hex')}`;
    }
    return out;
  }

  return {
    watch,
    hashed: () => hashed,
    async take(): Promise<Checksums> {
      // Read before the tables: a change made while they are read is hashed again next time.
      const now = await counter();
      if (now === changes) return last;
      hashed++;
      last = pg ? await hashPostgres() : await hashSqlite();
      changes = now;
      return last;
    },
  };
}

/** The tables whose checksum differs between two takes. */
export const changedTables = (a: Checksums, b: Checksums): string[] =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]).sort();
