import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The content version stamp (one row). Every content change bumps it inside its own
 * transaction; response caches compare it to decide whether what they hold is current.
 */
export function contentVersionRepository(db: Kysely<Database>) {
  return {
    async current(): Promise<number> {
      const row = await db
        .selectFrom('content_version')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.version);
    },
  };
}

/** Called inside the transaction that changes content (bundle import). */
export async function bumpContentVersion(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('content_version')
    .set({ version: sql`version + 1` })
    .where('id', '=', 1)
    .execute();
}
