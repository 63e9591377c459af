import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { BundleError } from './bundle-error.js';

export type BundleSource = { dir: string; cleanup: () => Promise<void> };

/** Opens a bundle folder, or unpacks a .zip into a temp folder (refusing paths that escape it). */
export async function openBundleSource(source: string): Promise<BundleSource> {
  const info = await stat(source).catch(() => null);
  if (!info) throw new BundleError([`$: no bundle at "${source}"`]);
  if (info.isDirectory()) return { dir: path.resolve(source), cleanup: async () => {} };
  if (!source.toLowerCase().endsWith('.zip'))
    throw new BundleError([`$: "${source}" is neither a folder nor a .zip`]);

  const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-bundle-'));
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(new Uint8Array(await readFile(source)));
    } catch (e) {
      throw new BundleError([`$: "${source}" is not a readable zip (${(e as Error).message})`]);
    }
    for (const [name, data] of Object.entries(files)) {
      if (name.endsWith('/')) continue;
      const target = path.resolve(tmp, name);
      if (!target.startsWith(tmp + path.sep))
        throw new BundleError([`$: zip entry "${name}" points outside the bundle`]);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
    // A zip of the bundle folder itself holds one top folder with guide.json inside.
    const top = Object.keys(files).find((n) => /^[^/]+\/guide\.json$/.test(n));
    const dir =
      Object.hasOwn(files, 'guide.json') || !top ? tmp : path.join(tmp, top.split('/')[0]!);
    return { dir, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
