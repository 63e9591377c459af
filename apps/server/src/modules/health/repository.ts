import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The ready checks' queries: the database answers and the schema is in place. */
export function healthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.selectFrom('guides').select('id').limit(1).execute();
    },
    /** The names of the migrations this database has run (Kysely's own table). */
    async appliedMigrations(): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      return rows.map((r) => r.name);
    },
  };
}
