import type { Kysely, Migration } from 'kysely';
import { fk, dialectSql, type Dialect } from './common.js';

/**
 * One row per Idempotency-Key of visit_poi/: a retried visit whose reply was lost answers
 * what the first one did and records nothing twice. `result` is the first reply (JSON),
 * empty while that request runs.
 */
export function visitRequestsMigration(dialect: Dialect): Migration {
  const { withId, now } = dialectSql(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('visit_requests'))
        .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull().unique())
        .addColumn('user_id', 'varchar(64)', (c) => c.references(fk('users')).onDelete('cascade'))
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('poi_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('visit_requests_user_id_idx')
        .on('visit_requests')
        .column('user_id')
        .execute();
    },
  };
}
