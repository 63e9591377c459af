import type { Kysely, Migration } from 'kysely';
import { GUIDE_ENTRIES, STOP_ENTRIES } from '@earshot/core';

/** Visits by entry (core GUIDE_ENTRIES): one counter each in `insight_daily`. */
export const DAILY_ENTRY_COUNTERS = GUIDE_ENTRIES.map((e) => `e_${e}` as const);
/** Stop openings by entry (core STOP_ENTRIES): one counter each in `insight_daily_stops`. */
export const STOP_ENTRY_COUNTERS = STOP_ENTRIES.map((e) => `e_${e}` as const);

/**
 * Where visitors came from (docs/insights.md "Entries"): an event's entry (guide-open and
 * stop-select; null for the rest), and the roll-ups' counters of visits and stop openings by
 * entry. Nothing about the person: an entry is the kind of link or screen, never its address.
 * Rows rolled up before this migration count under no entry. Portable types: SQLite and
 * PostgreSQL.
 */
export const insightEntriesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('insight_events').addColumn('entry', 'varchar(16)').execute();
    for (const [table, columns] of [
      ['insight_daily', DAILY_ENTRY_COUNTERS],
      ['insight_daily_stops', STOP_ENTRY_COUNTERS],
    ] as const)
      for (const c of columns)
        await db.schema
          .alterTable(table)
          .addColumn(c, 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
  },
};
