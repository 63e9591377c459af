import type { Kysely, Migration } from 'kysely';
import { fk, dialectSql, type Dialect } from './common.js';

/**
 * The studio's drafts, published versions and previews (docs/decisions/0013): a draft is a
 * guide.json document kept as text, by guide token (a draft may have no `guides` row yet).
 * `revision` grows with every save; a save based on an older one is refused (409).
 */
export function studioDraftsMigration(dialect: Dialect): Migration {
  const { withId, now } = dialectSql(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('guide_drafts'))
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references(fk('organisations')).onDelete('cascade'),
        )
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) =>
          c.references(fk('users')).onDelete('set null'),
        )
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .addColumn('published_revision', 'integer')
        .addColumn('published_at', 'varchar(40)')
        .execute();
      await db.schema
        .createIndex('guide_drafts_organisation_id_idx')
        .on('guide_drafts')
        .column('organisation_id')
        .execute();

      await withId(db.schema.createTable('guide_versions'))
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('published_by', 'varchar(64)', (c) =>
          c.references(fk('users')).onDelete('set null'),
        )
        .addColumn('published_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('guide_versions_token_number_unique', ['guide_token', 'number'])
        .execute();

      // A preview is a guide imported with status `preview` under the preview's token.
      await withId(db.schema.createTable('guide_previews'))
        .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) =>
          c.references(fk('users')).onDelete('set null'),
        )
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('guide_previews_guide_token_idx')
        .on('guide_previews')
        .column('guide_token')
        .execute();
    },
  };
}
