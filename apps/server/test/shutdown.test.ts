import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

// Graceful shutdown (docs/scale-out.md): a real server process gets SIGTERM while a request is
// in flight (its body sent half, the rest after the signal). On PostgreSQL when DATABASE_URL
// is set (this worker's database), else on a SQLite folder of its own.
const BODY = JSON.stringify({ kind: 'city-list-view', place: 'Shutdownville' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-shutdown-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A POST whose body is half sent: the request is in flight until `finish` sends the rest. */
async function slowPost(server: ServerProcess) {
  const socket: Socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  const half = Math.floor(BODY.length / 2);
  socket.write(
    `POST /api/v1/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(BODY.slice(half)),
    /** The raw answer once the server closed the connection. */
    answer: async () => {
      await closed;
      return answer;
    },
  };
}

const refused = (url: string) =>
  fetch(`${url}/api/health/ready`).then(
    (r) => `answered ${r.status}`,
    () => 'refused',
  );

async function storedEvents(dataDir: string): Promise<number> {
  const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
  try {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from tracking_events where place = 'Shutdownville'`.execute(handle.db);
    return Number(rows[0]!.n);
  } finally {
    await handle.db.destroy();
  }
}

describe('SIGTERM', () => {
  it('stops taking connections, finishes the request in flight, closes the database, exits 0', async () => {
    const dataDir = path.join(dir, 'graceful');
    const server = await startServerProcess({
      env: { DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '20000', LOG_LEVEL: 'info' },
    });
    const before = await storedEvents(dataDir);
    const slow = await slowPost(server);
    await sleep(300);
    server.proc.kill('SIGTERM');
    // New connections are no longer taken, while the request in flight keeps the node up.
    let seen = '';
    for (let i = 0; i < 40 && seen !== 'refused'; i++) {
      seen = await refused(server.url);
      if (seen !== 'refused') await sleep(50);
    }
    expect(seen).toBe('refused');
    expect(server.proc.exitCode).toBeNull();
    slow.finish();
    const answer = await slow.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const t0 = Date.now();
    expect(await server.exited).toBe(0);
    // Well within the 20 s grace: nothing else held it up.
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(server.output()).toContain('SIGTERM: not ready; finishing the requests in flight');
    expect(server.output()).toContain('earshot: stopped');
    // The database was closed: SQLite folds its write-ahead log back in on the last close.
    if (!process.env.DATABASE_URL)
      expect(existsSync(path.join(dataDir, 'earshot.sqlite-wal'))).toBe(false);
    expect(await storedEvents(dataDir)).toBe(before + 1);
  }, 90_000);

  it('cuts a request off when SHUTDOWN_GRACE_MS is over, and still exits 0', async () => {
    const server = await startServerProcess({
      env: { DATA_DIR: path.join(dir, 'cut-off'), SHUTDOWN_GRACE_MS: '1000', LOG_LEVEL: 'info' },
    });
    const slow = await slowPost(server);
    await sleep(300);
    const t0 = Date.now();
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(10_000);
    expect(await slow.answer()).toBe('');
    expect(server.output()).toContain('the grace period is over');
  }, 90_000);
});
