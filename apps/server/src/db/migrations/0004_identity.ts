import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './common.js';

/**
 * The unused `users` of 0001 becomes better-auth's user table (docs/decisions/0008):
 * answers, awards and subscriptions keep their foreign keys to it, so deleting a user
 * cascades. It held no rows: nothing wrote it before sign-in existed. better-auth's other
 * tables come from its own schema at start (modules/auth/better-auth.ts).
 */
export function identityMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      const pg = dialect === 'postgres';
      // PostgreSQL will not drop a referenced table without CASCADE, which drops the foreign
      // keys: they are put back below. SQLite resolves them by name when rows change.
      await sql`drop table users${sql.raw(pg ? ' cascade' : '')}`.execute(db);
      // better-auth's column types: it checks them (dates are ISO text on SQLite).
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', pg ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(pg ? false : 0),
        )
        .addColumn('image', 'text')
        .addColumn('created_at', pg ? 'timestamptz' : 'date', (c) => c.notNull())
        .addColumn('updated_at', pg ? 'timestamptz' : 'date', (c) => c.notNull())
        .execute();
      if (pg)
        for (const table of ['awards', 'user_answers', 'subscriptions'])
          await db.schema
            .alterTable(table)
            .addForeignKeyConstraint(`${table}_user_id_fkey`, ['user_id'], 'users', ['id'], (c) =>
              c.onDelete('cascade'),
            )
            .execute();
    },
  };
}
