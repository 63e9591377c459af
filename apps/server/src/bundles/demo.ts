import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '../db/database.js';
import { importBundle } from './bundle-import.js';
import type { MediaStore } from '../storage/media-store.js';
import { bundleRepository } from './bundle-repository.js';

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
  store: MediaStore,
  dir: string,
  log: (msg: string) => void,
): Promise<number> {
  if (await bundleRepository(handle.db).hasGuides()) return 0;
  const folders = await bundleFolders(dir);
  for (const folder of folders) await importBundle(handle, store, folder);
  log(`Loaded ${folders.length} demo guides from ${dir}`);
  return folders.length;
}
