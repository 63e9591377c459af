import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';

// /api/health (as before), /api/health/live and /api/health/ready (docs/scale-out.md). The
// shutdown itself, with a real process and a request in flight, is in shutdown.test.ts.
let env: TestEnv;
let closing = false;
beforeAll(async () => {
  env = await makeEnv({ nodeName: 'node-a', shuttingDown: () => closing });
  await importFixture(env);
});
afterAll(() => env.close());

const get = (url: string, app = env.app) => app.inject({ method: 'GET', url });

describe('health calls', () => {
  it('keeps /api/health as the ready check it was', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: env.handle.dialect });
  });

  it('answers live without asking anything', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
  });

  it('answers ready when the database answers with every migration applied', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the node shuts down, live still 200', async () => {
    closing = true;
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      closing = false;
    }
  });

  it('answers 503 naming a migration this database has not run', async () => {
    const db = env.handle.db;
    const row = await db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where('name' as never, '=', '0011_shared_limits' as never)
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0011_shared_limits' as never)
      .execute();
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        reason: 'migrations: not applied: 0011_shared_limits',
      });
    } finally {
      await db
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute();
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    // An app on a database handle of its own, then closed under it.
    const handle = openDatabase({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: env.dir,
    });
    const app = await buildApp({ handle, mediaDir: env.mediaDir, mediaStore: env.media });
    try {
      expect((await get('/api/health/ready', app)).statusCode).toBe(200);
      await handle.db.destroy();
      const res = await get('/api/health/ready', app);
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('not ready');
      expect(res.json().reason).toMatch(/^database: ./);
      expect((await get('/api/health/live', app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when another ready check fails (object storage), naming it', async () => {
    const app = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      readyChecks: [
        { name: 'object storage', check: () => Promise.reject(new Error('bucket not found')) },
      ],
    });
    try {
      const res = await get('/api/health/ready', app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        reason: 'object storage: bucket not found',
      });
    } finally {
      await app.close();
    }
  });
});

describe('NODE_NAME', () => {
  it('names the node in X-Earshot-Node on every answer, cached ones too', async () => {
    for (const url of ['/api/health/live', '/api/v1/tours', '/api/v1/tours', '/nowhere']) {
      const res = await get(url);
      expect(res.headers['x-earshot-node'], url).toBe('node-a');
    }
  });

  it('sends no such header when unset', async () => {
    const app = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
    });
    try {
      expect((await get('/api/health/live', app)).headers['x-earshot-node']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
