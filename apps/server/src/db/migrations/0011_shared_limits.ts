import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './common.js';

/**
 * Shared limits (decision 0015): the per-address write limit and the sign-in lockout counted in the
 * database, so every node of a scaled-out service counts together and a restart forgets nothing.
 * Keys are sha256 digests (base64url) of what they count: no address or e-mail is stored, and any
 * input fits the column. Times are ms since the epoch.
 */
export function sharedLimitsMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // One row per address and route: a fixed window, counted by one upsert per write.
      await db.schema
        .createTable('write_limits')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('write_limits_reset_at_idx')
        .on('write_limits')
        .column('reset_at')
        .execute();

      // One row per failed e-mail sign-in per key (the account, the address): the lockout's
      // window slides, so it needs the times, not a count. A failure is one insert.
      const failures = db.schema.createTable('sign_in_failures');
      await (
        dialect === 'postgres'
          ? failures.addColumn('id', 'bigserial', (c) => c.primaryKey())
          : failures.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_failures_key_at_idx')
        .on('sign_in_failures')
        .columns(['key', 'at'])
        .execute();
      await db.schema
        .createIndex('sign_in_failures_at_idx')
        .on('sign_in_failures')
        .column('at')
        .execute();
    },
  };
}
