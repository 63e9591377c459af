// The API suite runs on a temp SQLite file, then again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const suite = (label, env) => {
  console.log(`\n— API suite on ${label} —`);
  const r = spawnSync('npm', ['test', '-w', 'apps/server'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

suite('SQLite', { DATABASE_URL: '' });
if (process.env.DATABASE_URL) suite('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL });
else console.log('(DATABASE_URL is not set: the PostgreSQL run is skipped)');
