import type { Kysely, Migration } from 'kysely';

/**
 * Seasons (docs/guide-bundle.md "Seasons"): a stop's first and last day on view ("YYYY-MM-DD",
 * null for none), the guide's time zone those days are in (null: UTC) and what a stop outside
 * its dates does for visitors ('hide' or 'mark'). Portable types: SQLite and PostgreSQL.
 */
export const seasonsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('pois').addColumn('on_view_from', 'varchar(10)').execute();
    await db.schema.alterTable('pois').addColumn('on_view_until', 'varchar(10)').execute();
    await db.schema.alterTable('guides').addColumn('time_zone', 'varchar(64)').execute();
    await db.schema
      .alterTable('guides')
      .addColumn('outside_dates', 'varchar(8)', (c) => c.notNull().defaultTo('hide'))
      .execute();
  },
};
