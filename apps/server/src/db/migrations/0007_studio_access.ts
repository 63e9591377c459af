import { sql, type Kysely, type Migration } from 'kysely';
import { fk, dialectSql, type Dialect } from './common.js';

/**
 * Who may edit in the studio (docs/decisions/0013, docs/studio.md): organisations own
 * guides by token, publishers belong to organisations, admins may touch all of them.
 * A guide token with no owner row but a published guide belongs to `default`.
 */
export function studioAccessMigration(dialect: Dialect): Migration {
  const { withId, now } = dialectSql(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('organisations'))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .execute();
      const { id: defaultId } = await db
        .insertInto('organisations')
        .values({ name: 'Default organisation', slug: 'default' })
        .returning('id')
        .executeTakeFirstOrThrow();

      await withId(db.schema.createTable('organisation_members'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references(fk('organisations')).onDelete('cascade'),
        )
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references(fk('users')).onDelete('cascade'),
        )
        .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('publisher'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('organisation_members_pair_unique', ['organisation_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('organisation_members_user_id_idx')
        .on('organisation_members')
        .column('user_id')
        .execute();

      await withId(db.schema.createTable('user_roles'))
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().unique().references(fk('users')).onDelete('cascade'),
        )
        .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('admin'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .execute();

      // By token, not guide id: a guide may exist only as a draft (no `guides` row yet).
      await withId(db.schema.createTable('guide_owners'))
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references(fk('organisations')).onDelete('restrict'),
        )
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .execute();
      // Every guide imported before owners existed is the default organisation's.
      await db
        .insertInto('guide_owners')
        .columns(['guide_token', 'organisation_id'])
        .expression(
          db
            .selectFrom('guides')
            .select(['token', sql.lit<number>(defaultId).as('organisation_id')]),
        )
        .execute();
      await db.schema
        .createIndex('guide_owners_organisation_id_idx')
        .on('guide_owners')
        .column('organisation_id')
        .execute();

      // Only the sha256 of an invitation's token is kept: the link is the capability.
      await withId(db.schema.createTable('invitations'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references(fk('organisations')).onDelete('cascade'),
        )
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('invited_by', 'varchar(64)', (c) =>
          c.references(fk('users')).onDelete('set null'),
        )
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('accepted_at', 'varchar(40)')
        .addColumn('accepted_by', 'varchar(64)', (c) =>
          c.references(fk('users')).onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('invitations_organisation_id_idx')
        .on('invitations')
        .column('organisation_id')
        .execute();
    },
  };
}
