import type { Kysely, Migration } from 'kysely';

/**
 * One row: bumped in the same transaction as every content change, so that each app
 * node's response cache can tell cheaply that what it holds is out of date.
 */
export const contentVersionMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('content_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
  },
};
