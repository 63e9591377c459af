import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BundleError, bundleError } from './bundle-error.js';
import { BUNDLE_LIMITS, unzipBundle, type BundleLimits } from './bundle-zip.js';

export { BUNDLE_LIMITS, zipPathProblem, type BundleLimits } from './bundle-zip.js';

export type BundleSource = { dir: string; cleanup: () => Promise<void> };

/**
 * Opens a bundle folder, or unpacks a .zip's guide.json and the files it names into a temp
 * folder (bundle-zip.ts: checked before anything is unpacked). Refuses symbolic
 * links (a link would let a bundle read files outside itself), paths outside the bundle and
 * archives beyond `limits`; when it refuses, it leaves nothing behind. Its messages name the
 * source as `shownAs` (an upload's temporary path means nothing to the one who sent it).
 */
export async function openBundleSource(
  source: string,
  limits: BundleLimits = BUNDLE_LIMITS,
  shownAs = `"${source}"`,
): Promise<BundleSource> {
  const info = await stat(source).catch(() => null);
  if (!info) throw bundleError('$', `no bundle at "${source}"`);
  if (info.isDirectory()) {
    const dir = path.resolve(source);
    await refuseLinks(dir);
    return { dir, cleanup: async () => {} };
  }
  if (!source.toLowerCase().endsWith('.zip'))
    throw bundleError('$', `"${source}" is neither a folder nor a .zip`);

  const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-bundle-'));
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    const dir = await unzipBundle(
      source,
      tmp,
      { ...limits, maxRatio: limits.maxRatio ?? BUNDLE_LIMITS.maxRatio! },
      shownAs,
    );
    return { dir, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

async function refuseLinks(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const links = entries
    .filter((e) => e.isSymbolicLink())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  if (links.length)
    throw new BundleError(
      links.map((l) => ({
        path: '$',
        message: `"${l}" is a symbolic link; a bundle may hold only files and folders`,
      })),
    );
}
