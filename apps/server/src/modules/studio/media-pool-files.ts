import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Files of the studio's media pool by content (docs/studio.md "Media"): `DATA_DIR/studio-media/
 * {sha256}.{ext}`, named in drafts as `media/{sha256}.{ext}`. The upload call (media-pool.ts)
 * checks what publishers send; this puts files that the importer already checked (a bundle's,
 * a published guide's) into the pool, and finds them again for publish and export.
 */

/** A draft's name of a pool file. */
export const POOL_PATH = /^media\/([0-9a-f]{64}\.[a-z0-9]{1,8})$/;

/** DATA_DIR/studio-media, beside DATA_DIR/media (decision 0013). */
export const poolDirOf = (mediaDir: string) =>
  path.join(path.dirname(path.resolve(mediaDir)), 'studio-media');

/** The extension a pool file keeps: lower case, `.jpeg` as `.jpg`, `bin` when it has none. */
export function poolExtension(file: string): string {
  const ext = path.extname(file).slice(1).toLowerCase();
  if (ext === 'jpeg') return 'jpg';
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Puts the file at `source` into the pool (once per content); answers its draft path. */
export async function putPoolFile(poolDir: string, source: string): Promise<string> {
  const name = `${await sha256(source)}.${poolExtension(source)}`;
  const target = path.join(poolDir, name);
  if (await stat(target).catch(() => null)) {
    // Named again: its time is renewed, so the pool's sweep gives it the grace of a new file.
    const now = new Date();
    await utimes(target, now, now).catch(() => undefined);
  } else {
    await mkdir(poolDir, { recursive: true });
    // Copied under a random name and renamed: a reader never sees half a file.
    const tmp = path.join(poolDir, `.put-${randomBytes(8).toString('hex')}`);
    try {
      await copyFile(source, tmp);
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true });
    }
  }
  return `media/${name}`;
}

/** The pool file a draft path names, or null when it names none. */
export async function poolFile(poolDir: string, draftPath: string): Promise<string | null> {
  const m = POOL_PATH.exec(draftPath);
  if (!m) return null;
  const file = path.join(poolDir, m[1]!);
  return (await stat(file).catch(() => null))?.isFile() ? file : null;
}

/** Puts a pool file into a bundle folder at `draftPath`: a hard link, or a copy across disks. */
export async function placePoolFile(poolFilePath: string, bundleDir: string, draftPath: string) {
  const target = path.join(bundleDir, draftPath);
  await mkdir(path.dirname(target), { recursive: true });
  await link(poolFilePath, target).catch(() => copyFile(poolFilePath, target));
}
