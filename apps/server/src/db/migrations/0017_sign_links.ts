import type { Kysely, Migration } from 'kysely';
import { dialectSql, fk, type Dialect } from './common.js';

/**
 * Signs' short links (docs/studio.md "Signs"): a code (`/s/{code}`) made once per stop, by the
 * stop's token, which a stop keeps through renames, moves and re-imports (stop tokens are
 * unique across guides). Its organisation is the one whose draft asked for it: the link opens
 * only that organisation's published stop. The guide's token it was made in is kept only to
 * point a visitor to that guide when the stop has gone.
 */
export function signLinksMigration(dialect: Dialect): Migration {
  const { withId, now } = dialectSql(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('sign_links'))
        .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('poi_token', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references(fk('organisations')).onDelete('cascade'),
        )
        .addColumn('guide_token', 'varchar(140)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .execute();
    },
  };
}
