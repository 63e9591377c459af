import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { guideMediaPrefix, TOURS_PREFIX } from '../storage/keys.js';
import { deletePrefix, type MediaStore } from '../storage/media-store.js';

/**
 * How an import puts a guide's media in place around its transaction: `stage` before it (a
 * failure there leaves nothing written), `swap` once it has committed (the database now names
 * the new media), `cleanup` always.
 */
export type MediaPlacement = {
  /**
   * `files`: bundle path → content hash; `sources`: bundle path → the file to place when it is
   * not `bundleDir`'s own (a re-encoded picture).
   */
  stage(
    bundleDir: string,
    files: Map<string, string>,
    sources?: Map<string, string>,
  ): Promise<void>;
  swap(guideId: number): Promise<void>;
  cleanup(): Promise<void>;
};

/** The disk: a staging folder beside the guides' folders, renamed into place. */
function diskPlacement(root: string): MediaPlacement {
  const tours = path.join(root, ...TOURS_PREFIX.split('/'));
  const staging = path.join(tours, `.staging-${process.pid}-${Date.now()}`);
  return {
    async stage(bundleDir, files, sources) {
      await mkdir(staging, { recursive: true });
      for (const p of files.keys()) {
        await mkdir(path.dirname(path.join(staging, p)), { recursive: true });
        await cp(sources?.get(p) ?? path.join(bundleDir, p), path.join(staging, p));
      }
    },
    async swap(guideId) {
      const final = path.join(tours, String(guideId));
      const old = `${final}.old-${Date.now()}`;
      await rename(final, old).catch(() => undefined);
      await rename(staging, final);
      await rm(old, { recursive: true, force: true });
    },
    cleanup: () => rm(staging, { recursive: true, force: true }),
  };
}

/**
 * A bucket has no folder to rename: the files are uploaded under a staging prefix first, copied
 * inside the bucket to the guide's prefix once the database names them (a copy is the store's
 * own work, far quicker than the upload), and what the guide no longer names is removed. Each
 * object carries its content hash, and the media route answers a URL whose ?v= differs with a
 * 404 that is not cached, so the moment between commit and copy never caches wrong bytes.
 */
function storePlacement(store: MediaStore): MediaPlacement {
  const staging = `${TOURS_PREFIX}.staging-${process.pid}-${randomBytes(6).toString('hex')}/`;
  let staged = new Map<string, string>();
  return {
    async stage(bundleDir, files, sources) {
      staged = files;
      for (const [p, version] of files)
        await store.put(
          staging + p,
          { file: sources?.get(p) ?? path.join(bundleDir, p) },
          { version },
        );
    },
    async swap(guideId) {
      const final = guideMediaPrefix(guideId);
      for (const p of staged.keys()) await store.copy(staging + p, final + p);
      const stale: string[] = [];
      for await (const o of store.list(final))
        if (!staged.has(o.key.slice(final.length))) stale.push(o.key);
      await store.delete(stale);
    },
    cleanup: async () => {
      await deletePrefix(store, staging);
    },
  };
}

export const mediaPlacement = (store: MediaStore): MediaPlacement =>
  store.root ? diskPlacement(store.root) : storePlacement(store);
