import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { MediaStore } from '../../../storage/media-store.js';
import { POOL_PREFIX, VARIANTS_PREFIX } from '../../../storage/keys.js';

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

const entries = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** Where the pool lives: its store, and this node's folder of uploads still being written. */
export type PoolPlaces = { store: MediaStore; uploads: string };

/**
 * Removes the pool files (docs/studio.md "Media") that no draft and no kept version names,
 * once they are older than `graceMs`, with their right-sized copies and any temporary file
 * left by an upload or import that never finished. A file is looked at again just before it
 * goes, so one uploaded again meanwhile (which renews it) stays.
 */
export async function sweepMediaPool(
  db: Kysely<Database>,
  { store, uploads }: PoolPlaces,
  graceMs = POOL_GRACE_MS,
): Promise<PoolSweep> {
  const cutoff = Date.now() - graceMs;
  const named = await namedFiles(db);
  const removed: PoolSweep = { files: [], variants: [] };
  const kept = new Set<string>();
  const stillOld = async (key: string) => {
    const info = await store.head(key);
    return info !== null && info.lastModified.getTime() < cutoff;
  };
  for await (const o of store.list(POOL_PREFIX)) {
    const name = o.key.slice(POOL_PREFIX.length);
    if (POOL_FILE.test(name)) {
      if (named.has(name) || o.lastModified.getTime() >= cutoff || !(await stillOld(o.key))) {
        kept.add(name.split('.')[0]!);
        continue;
      }
      await store.delete([o.key]);
      removed.files.push(name);
    } else if (/^\.put-|^\.tmp\//.test(name) && o.lastModified.getTime() < cutoff) {
      await store.delete([o.key]);
    }
  }
  // Uploads are written on the node that takes them before they go to the store.
  if (store.kind !== 'disk' || !uploads.startsWith(store.root ?? '\0')) {
    for (const name of await entries(uploads)) {
      const file = path.join(uploads, name);
      const s = await stat(file).catch(() => null);
      if (s && s.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }
  const variants: string[] = [];
  for await (const o of store.list(VARIANTS_PREFIX)) {
    const name = o.key.slice(VARIANTS_PREFIX.length);
    const sha = POOL_VARIANT.exec(name)?.[1];
    if (sha === undefined || kept.has(sha)) continue;
    variants.push(o.key);
    removed.variants.push(name);
  }
  await store.delete(variants);
  return removed;
}

/**
 * Sweeps one at a time: `soon()` asks for a sweep after a change (publish, restore) without
 * waiting for it; asked while one runs, one more follows it. `idle()` settles when none runs.
 */
export function poolSweeper(
  db: Kysely<Database>,
  places: PoolPlaces,
  onError: (e: unknown) => void,
  graceMs = POOL_GRACE_MS,
) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> =>
    sweepMediaPool(db, places, graceMs).then(
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
