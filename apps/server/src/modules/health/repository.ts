import type { Db } from '../../db/database.js';

/** The ready check's one query: the database answers and the schema is in place. */
export function healthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.selectFrom('guides').select('id').limit(1).execute();
    },
  };
}
