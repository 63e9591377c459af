// Vitest setup: on PostgreSQL each test worker gets a database of its own
// (`<name>_<checkout>_w<pool>`), made here from DATABASE_URL when missing, so the files run in
// parallel as they do on SQLite (makeEnv empties the database it is given). Child processes a
// test starts inherit it. `<checkout>` tells apart suites run at once from two checkouts of the
// repository on one server (git worktrees), which would otherwise empty each other's tables.
import { createHash } from 'node:crypto';
import pg from 'pg';

const base = process.env.DATABASE_URL;
const pool = process.env.VITEST_POOL_ID;
if (base && pool) {
  const url = new URL(base);
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 6);
  const name = `${url.pathname.slice(1)}_${checkout}_w${pool}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`create database "${name.replace(/"/g, '""')}"`);
      } catch (e) {
        // Another worker made it at the same moment.
        if ((e as { code?: string }).code !== '42P04') throw e;
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.href;
}
