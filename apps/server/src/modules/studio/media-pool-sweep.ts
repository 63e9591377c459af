import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * How long a pool file nobody names is kept: an upload lands in the pool before the draft that
 * names it is saved (autosave follows it, or the publisher is offline for a while), and
 * an interrupted upload's temporary file is still being written.
 */
export const POOL_GRACE_MS = 24 * 60 * 60 * 1000;
/** A pool file's name (an upload's, or an imported bundle's file of any extension). */
const POOL_FILE = /^[0-9a-f]{64}\.[a-z0-9]{1,8}$/;
/** A pool file's name inside any document (drafts and versions name them `media/{name}`). */
const NAMED = /media\/([0-9a-f]{64}\.[a-z0-9]{1,8})/g;
/** A right-sized copy of a pool picture: `{sha256}-{width}.webp` (image-variants.ts). */
const POOL_VARIANT = /^([0-9a-f]{64})-\d+\.webp(?:\..*\.tmp)?$/;
/** Documents read at a time. */
const PAGE = 200;

export type PoolSweep = { files: string[]; variants: string[] };

/** The pool's file names that any draft or kept version names (a published guide's is one). */
async function namedFiles(db: Kysely<Database>): Promise<Set<string>> {
  const named = new Set<string>();
  for (const table of ['guide_drafts', 'guide_versions'] as const) {
    for (let after = 0; ;) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'document'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      for (const r of rows) for (const m of r.document.matchAll(NAMED)) named.add(m[1]!);
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
  }
  return named;
}

const olderThan = async (file: string, cutoff: number) => {
  const s = await stat(file).catch(() => null);
  return s !== null && s.mtimeMs < cutoff;
};

const entries = (dir: string) => readdir(dir).catch(() => [] as string[]);

/**
 * Removes the pool files (docs/studio.md "Media") that no draft and no kept version names,
 * once they are older than `graceMs`, with their right-sized copies and any temporary file
 * left by an upload or import that never finished. A file is looked at again just before it
 * goes, so one uploaded again meanwhile (which renews it) stays.
 */
export async function sweepMediaPool(
  db: Kysely<Database>,
  dirs: { pool: string; variants: string },
  graceMs = POOL_GRACE_MS,
): Promise<PoolSweep> {
  const cutoff = Date.now() - graceMs;
  const named = await namedFiles(db);
  const removed: PoolSweep = { files: [], variants: [] };
  const kept = new Set<string>();
  for (const name of await entries(dirs.pool)) {
    const file = path.join(dirs.pool, name);
    if (POOL_FILE.test(name)) {
      if (named.has(name) || !(await olderThan(file, cutoff))) {
        kept.add(name.split('.')[0]!);
        continue;
      }
      await rm(file, { force: true });
      removed.files.push(name);
    } else if (name.startsWith('.put-') && (await olderThan(file, cutoff))) {
      await rm(file, { force: true });
    }
  }
  const uploads = path.join(dirs.pool, '.tmp');
  for (const name of await entries(uploads)) {
    const file = path.join(uploads, name);
    if (await olderThan(file, cutoff)) await rm(file, { force: true });
  }
  for (const name of await entries(dirs.variants)) {
    const sha = POOL_VARIANT.exec(name)?.[1];
    if (sha === undefined || kept.has(sha)) continue;
    await rm(path.join(dirs.variants, name), { force: true });
    removed.variants.push(name);
  }
  return removed;
}

/**
 * Sweeps one at a time: `soon()` asks for a sweep after a change (publish, restore) without
 * waiting for it; asked while one runs, one more follows it. `idle()` settles when none runs.
 */
export function poolSweeper(
  db: Kysely<Database>,
  dirs: { pool: string; variants: string },
  onError: (e: unknown) => void,
  graceMs = POOL_GRACE_MS,
) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> =>
    sweepMediaPool(db, dirs, graceMs).then(
      () => undefined,
      (e: unknown) => onError(e),
    );
  const soon = () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        soon();
      }
    });
  };
  return {
    soon,
    async idle() {
      while (running) await running;
    },
  };
}

export type PoolSweeper = ReturnType<typeof poolSweeper>;
