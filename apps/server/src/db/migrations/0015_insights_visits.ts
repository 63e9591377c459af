import type { Kysely, Migration } from 'kysely';
import { INSIGHT_REFUSAL_REASONS } from '@earshot/core';

/** The refused-events counters, one per reason (core INSIGHT_REFUSAL_REASONS). */
export const REFUSED_COUNTERS = INSIGHT_REFUSAL_REASONS;

/**
 * Insights that cannot be inflated for free (docs/insights.md "Visit tokens"): how many events
 * each visit has added (the per-visit limit), and the events the server refused, per guide and
 * day. Portable types: SQLite and PostgreSQL.
 */
export const insightsVisitsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    // One row per visit that has sent events: its count of stored events, which a batch reads
    // and adds to under the row's lock. `day` is the server's UTC day of its first event, for
    // retention (deleted with the raw events).
    await db.schema
      .createTable('insight_visits')
      .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
      .addColumn('visit_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_visits_pk', ['guide_token', 'visit_id'])
      .execute();
    await db.schema
      .createIndex('insight_visits_day_idx')
      .on('insight_visits')
      .column('day')
      .execute();

    // Refused events of a published guide by their own local day (the server's UTC day for a
    // day outside the accepted window: core insightRefusalDay), one counter per reason. Only published guides get rows: junk naming any token adds none.
    await REFUSED_COUNTERS.reduce(
      (t, n) => t.addColumn(n, 'integer', (c) => c.notNull().defaultTo(0)),
      db.schema
        .createTable('insight_daily_refused')
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull()),
    )
      .addPrimaryKeyConstraint('insight_daily_refused_pk', ['guide_token', 'day'])
      .execute();
  },
};
