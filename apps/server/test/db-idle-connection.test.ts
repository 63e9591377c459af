import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

// PostgreSQL ends idle connections when it restarts, fails over, or an admin terminates them
// (error 57P01). pg's pool then emits 'error'; with no listener that ended the whole server.
// A real server process, its pooled connections ended under it: it keeps serving, and says
// so in one line. Runs only on PostgreSQL (DATABASE_URL=postgres://…).
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(DATABASE_URL);
// pg names its connections after PGAPPNAME: only this server's are ended.
const APP_NAME = `earshot-idle-${randomUUID().slice(0, 8)}`;

let dir: string;
let server: ServerProcess;
beforeAll(async () => {
  if (!onPostgres) return;
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-idle-'));
  server = await startServerProcess({
    env: { DATABASE_URL, DATA_DIR: dir, PGAPPNAME: APP_NAME },
  });
});
afterAll(async () => {
  if (!onPostgres) return;
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

const ready = () => fetch(`${server.url}/api/health/ready`).then((r) => r.status);

describe.skipIf(!onPostgres)('an idle PostgreSQL connection ended under the server', () => {
  it('keeps the server up and serving', async () => {
    // Several requests at once: several pooled connections, idle afterwards.
    expect(await Promise.all([1, 2, 3, 4].map(ready))).toEqual([200, 200, 200, 200]);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
        [APP_NAME],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.ended)).toBe(true);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(server.proc.exitCode, server.output()).toBeNull();
    expect(await ready()).toBe(200);
    expect(server.output()).toMatch(/an idle database connection ended: .*terminat/);
  });
});
