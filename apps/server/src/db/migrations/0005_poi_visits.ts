import type { Kysely, Migration } from 'kysely';
import { fk, dialectSql, type Dialect } from './common.js';

/**
 * A user's first visit of each POI: the unique key is what makes visit_poi/ give badge
 * points once per user and POI, even when two visits race (docs/decisions/0009).
 */
export function poiVisitsMigration(dialect: Dialect): Migration {
  const { withId, now } = dialectSql(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('poi_visits'))
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references(fk('users')).onDelete('cascade'),
        )
        .addColumn('poi_id', 'integer', (c) =>
          c.notNull().references(fk('pois')).onDelete('cascade'),
        )
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('poi_visits_user_poi_unique', ['user_id', 'poi_id'])
        .execute();
      await db.schema
        .createIndex('poi_visits_poi_id_idx')
        .on('poi_visits')
        .column('poi_id')
        .execute();
    },
  };
}
