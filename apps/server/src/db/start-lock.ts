import { sql } from 'kysely';
import type { DbHandle } from './database.js';

/** The advisory lock every node takes while it migrates and loads the demo ('Earshot'). */
const START_LOCK = 0x4561727368;

/**
 * Runs `work` (migrations, loading the demo into an empty database) while holding a PostgreSQL
 * advisory lock, so nodes started at the same moment on one database do it one after the
 * other: the second finds the tables made and the demo loaded. One process on SQLite needs
 * no lock.
 */
export async function withStartLock<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK})`.execute(conn);
    }
  });
}
