import { migrate, type DbHandle } from './db/database.js';
import { migrateAuthTables } from './modules/auth/better-auth.js';

/**
 * Every table the app needs: our migrations, then better-auth's own tables from its schema
 * (never its CLI, which needs a newer Node). Composed here, above both, so the database layer
 * does not import the auth module that is built on it.
 */
export function migrateAll(handle: DbHandle): Promise<void> {
  return migrate(handle, [migrateAuthTables]);
}
