import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mediaExtOfName } from '@earshot/core';
import type { MediaStore } from '../../../storage/media-store.js';
import { poolKey } from '../../../storage/keys.js';

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

/**
 * The extension a pool file keeps: the one of its kind for a name a bundle may use (`.jpeg` as
 * `.jpg`, `.mp4` as `.m4a`, `.oga` and `.opus` as `.ogg`: the pool serves only those, with the
 * type the studio's player takes), else lower case, `bin` when it has none.
 */
export function poolExtension(file: string): string {
  const known = mediaExtOfName(file);
  if (known) return known;
  const ext = path.extname(file).slice(1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Puts the file at `source` into the pool (once per content); answers its draft path. */
export async function putPoolFile(store: MediaStore, source: string): Promise<string> {
  const name = `${await sha256(source)}.${poolExtension(source)}`;
  const key = poolKey(name);
  // Named again: its time is renewed, so the pool's sweep gives it the grace of a new file (in a
  // bucket by writing it again, which renews it on every S3-compatible store).
  if (store.root && (await store.head(key))) await store.touch(key);
  else await store.put(key, { file: source });
  return `media/${name}`;
}

/** The store key of the pool file a draft path names, or null when it names none. */
export async function poolFile(store: MediaStore, draftPath: string): Promise<string | null> {
  const m = POOL_PATH.exec(draftPath);
  if (!m) return null;
  const key = poolKey(m[1]!);
  return (await store.head(key)) ? key : null;
}

/** Puts a pool file into a bundle folder at `draftPath`: a hard link on disk, else a copy. */
export async function placePoolFile(
  store: MediaStore,
  key: string,
  bundleDir: string,
  draftPath: string,
) {
  await store.download(key, path.join(bundleDir, draftPath), { link: true });
}

/** Puts a stored file (a published guide's medium) into the pool; answers its draft path. */
export async function poolStoredFile(store: MediaStore, key: string): Promise<string> {
  if (store.root) return putPoolFile(store, path.join(store.root, ...key.split('/')));
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-pool-'));
  try {
    const file = path.join(tmp, path.basename(key));
    if (!(await store.download(key, file)))
      throw Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' });
    return await putPoolFile(store, file);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
