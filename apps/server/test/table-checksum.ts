import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../src/db/database.js';

/** Every table's row count and a checksum of its rows, by table name. */
export type Checksums = Record<string, string>;

/**
 * Checksums of every table, fast enough to take after each write a fuzz run sends: a change
 * counter says whether anything can have changed since the last take, and the tables are read
 * and hashed only when it moved. On SQLite, where the app shares the test's one connection,
 * the counter is `total_changes()` (every row inserted, updated or deleted on that
 * connection, triggers included); on PostgreSQL a sequence that a trigger on every table
 * (each row inserted, updated or deleted, and truncate) advances, installed by `watch()` in
 * the test's own database. A sequence is not rolled back, so a change undone still counts as
 * one: the tables are hashed, and equal. The hash itself is one statement on PostgreSQL.
 */
export function tableChecksums(handle: DbHandle) {
  const { db } = handle;
  let tables: string[] | undefined;
  let changes = -1;
  let last: Checksums = {};
  /** How many takes read and hashed the tables (the counter had moved). */
  let hashed = 0;

  const names = async () =>
    (tables ??= (await db.introspection.getTables()).map((t) => t.name).sort());

  /** PostgreSQL: the change counter's sequence and triggers (the test database only). */
  async function watch(): Promise<void> {
    if (handle.dialect !== 'postgres') return;
    await sql`create sequence if not exists fuzz_changes`.execute(db);
    await sql`create or replace function fuzz_changed() returns trigger language plpgsql as $$
      begin perform nextval('fuzz_changes'); return null; end $$`.execute(db);
    for (const t of await names()) {
      await sql`create or replace trigger fuzz_changed_rows after insert or update or delete on ${sql.table(t)}
        for each row execute function fuzz_changed()`.execute(db);
      await sql`create or replace trigger fuzz_changed_truncate after truncate on ${sql.table(t)}
        for each statement execute function fuzz_changed()`.execute(db);
    }
  }

  async function postgres(): Promise<Checksums> {
    const { rows: seq } = await sql<{
      n: number;
    }>`select last_value + case when is_called then 1 else 0 end as n from fuzz_changes`.execute(
      db,
    );
    const now = Number(seq[0]!.n);
    if (now === changes) return last;
    hashed++;
    const parts = (await names()).map(
      (t) =>
        sql`${sql.lit(t)}, (select count(*) || ':' || md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) from ${sql.table(t)} x)`,
    );
    const { rows } = await sql<{
      sums: Checksums;
    }>`select json_build_object(${sql.join(parts)}) as sums`.execute(db);
    changes = now;
    last = rows[0]!.sums;
    return last;
  }

  async function sqlite(): Promise<Checksums> {
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
    const now = Number(rows[0]!.n);
    if (now === changes) return last;
    hashed++;
    const out: Checksums = {};
    for (const t of await names()) {
      const all = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
      const lines = all.rows.map((r) => JSON.stringify(r)).sort();
      out[t] = `${all.rows.length}:${createHash('md5').update(lines.join('\n')).digest('hex')}`;
    }
    // `now` was read before the tables: a change made while they were read is hashed next time.
    changes = now;
    last = out;
    return out;
  }

  return {
    watch,
    hashed: () => hashed,
    take: (): Promise<Checksums> => (handle.dialect === 'postgres' ? postgres() : sqlite()),
  };
}

/** The tables whose checksum differs between two takes. */
export const changedTables = (a: Checksums, b: Checksums): string[] =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]).sort();
