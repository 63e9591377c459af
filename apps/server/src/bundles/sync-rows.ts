import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Row = Record<string, unknown>;

/**
 * Makes the rows of `table` under one parent equal to `rows`, matched by `token`:
 * matched rows are updated in place (so their ids, and what refers to them, survive a
 * re-import), new ones inserted, the rest deleted. Returns token → id.
 */
export async function syncRows(
  trx: Transaction<Database>,
  table: keyof Database,
  parent: { column: string; id: number },
  rows: (Row & { token: string })[],
): Promise<Map<string, number>> {
  // Dynamic table names are outside Kysely's static types; the callers pass typed rows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = trx as unknown as Kysely<any>;
  const existing: { id: number; token: string }[] = await db
    .selectFrom(table)
    .select(['id', 'token'])
    .where(parent.column, '=', parent.id)
    .execute();
  const byToken = new Map(existing.map((r) => [r.token, Number(r.id)]));
  const ids = new Map<string, number>();
  for (const row of rows) {
    const values = { ...row, [parent.column]: parent.id };
    const id = byToken.get(row.token);
    if (id !== undefined) {
      await db.updateTable(table).set(values).where('id', '=', id).execute();
      ids.set(row.token, id);
    } else {
      const inserted = await db
        .insertInto(table)
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(row.token, Number(inserted.id));
    }
  }
  const stale = existing.filter((r) => !ids.has(r.token)).map((r) => Number(r.id));
  if (stale.length) await db.deleteFrom(table).where('id', 'in', stale).execute();
  return ids;
}
