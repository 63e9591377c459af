import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { changedTables, tableChecksums } from './table-checksum.js';

// The fuzz test's check that a refused request changed no table: it must see every kind of
// change, or a fuzz run that passes proves nothing.
let env: TestEnv;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
});
afterAll(() => env.close());

describe('tableChecksums', () => {
  it('sees an insert, an update, a delete and a change undone, and nothing where nothing changed', async () => {
    const sums = tableChecksums(env.handle);
    await sums.watch();
    const { db } = env.handle;
    const first = await sums.take();
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['guides', 'pois', 'users']));
    expect(changedTables(first, await sums.take())).toEqual([]);
    const hashed = sums.hashed();

    await db
      .insertInto('tracking_events')
      .values({ kind: 'poi-play', guide_token: 'mini-walk', poi_token: null, language: 'en' })
      .execute();
    const inserted = await sums.take();
    expect(changedTables(first, inserted)).toEqual(['tracking_events']);

    // An update that keeps the row count: only the checksum tells.
    await db.updateTable('pois').set({ lat: 45.123 }).where('token', '=', 'mini-one').execute();
    const updated = await sums.take();
    expect(changedTables(inserted, updated)).toEqual(['pois']);
    expect(updated.pois!.split(':')[0]).toBe(inserted.pois!.split(':')[0]);

    await db.deleteFrom('tracking_events').execute();
    const deleted = await sums.take();
    expect(changedTables(updated, deleted)).toEqual(['tracking_events']);

    // The same value written again: the counter moved, the tables are hashed again, and equal.
    await db.updateTable('pois').set({ lat: 45.123 }).where('token', '=', 'mini-one').execute();
    expect(changedTables(deleted, await sums.take())).toEqual([]);
    expect(sums.hashed()).toBe(hashed + 4);

    // Reads move nothing: no hashing.
    await sql`select count(*) from guides`.execute(db);
    await sums.take();
    expect(sums.hashed()).toBe(hashed + 4);
  });

  it('leaves out the tables it is told to skip', async () => {
    const sums = tableChecksums(env.handle, ['tracking_events']);
    await sums.watch();
    const before = await sums.take();
    expect(before.tracking_events).toBeUndefined();
    await env.handle.db
      .insertInto('tracking_events')
      .values({ kind: 'poi-play', guide_token: 'mini-walk', poi_token: null, language: 'en' })
      .execute();
    expect(changedTables(before, await sums.take())).toEqual([]);
  });
});
