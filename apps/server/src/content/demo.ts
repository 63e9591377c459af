import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '../db/database.js';
import { importBundle } from './bundle-import.js';

/** Bundle folders directly inside `dir` (each holding a guide.json), sorted. */
export async function bundleFolders(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'guide.json')))
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** Loads the demo bundles into an empty database; a database with guides is left alone. */
export async function loadDemoIfEmpty(
  handle: DbHandle,
  mediaDir: string,
  dir: string,
  log: (msg: string) => void,
): Promise<number> {
  const any = await handle.db.selectFrom('guides').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const folders = await bundleFolders(dir);
  for (const folder of folders) await importBundle(handle, mediaDir, folder);
  log(`Loaded ${folders.length} demo guides from ${dir}`);
  return folders.length;
}
