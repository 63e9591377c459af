import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { shortHash } from '../bundles/bundle-validate.js';
import { POOL_PREFIX, TOURS_PREFIX } from './keys.js';
import type { MediaStore } from './media-store.js';

export type CopySummary = {
  copied: number;
  skipped: number;
  failed: number;
  bytes: number;
};

/** Files under DATA_DIR that are media: the guides', variants, photo answers, the studio pool. */
const MEDIA_PREFIXES = ['media/', POOL_PREFIX];
/** What an import, upload or variant leaves while it works: never media to move. */
const WORK_FILE = /(^|\/)(\.staging-|\.put-|\.tmp\/)|\.old-\d+\/|\.tmp$/;
/**
 * A right-sized copy of a guide's picture on the disk is named by the file's path and time
 * (image-variants.ts); a bucket names its own by the object's key and ETag, so these would never
 * be asked for there: they are left out (the bucket makes its own on first request). The pool's
 * copies are named by content (`{sha256}-{width}.webp`) and move.
 */
const DISK_ONLY_VARIANT = /^media\/variants\/(?![0-9a-f]{64}-)/;

const md5 = async (file: string) => {
  const hash = createHash('md5');
  await pipeline(createReadStream(file), hash);
  return `"${hash.digest('hex')}"`;
};

const sizeOf = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * Copies the media of a DATA_DIR into a bucket under the same keys (`npm run media:to-s3`).
 * Idempotent: an object already there with the same bytes (same size and MD5 ETag) is left
 * alone, so a run that stopped halfway is simply run again. A guide's file gets the content
 * hash its URLs carry (?v=), as an import would give it. Local files are not removed: the
 * summary says so, and the operator removes them once the app runs on the bucket.
 */
export async function copyMediaToBucket(
  disk: MediaStore,
  bucket: MediaStore,
  out: { log: (line: string) => void; error: (line: string) => void },
): Promise<CopySummary> {
  if (!disk.root) throw new Error('the source must be the disk store of DATA_DIR');
  const keys: { key: string; size: number }[] = [];
  let remade = 0;
  for (const prefix of MEDIA_PREFIXES)
    for await (const o of disk.list(prefix)) {
      if (WORK_FILE.test(o.key)) continue;
      if (DISK_ONLY_VARIANT.test(o.key)) remade++;
      else keys.push({ key: o.key, size: o.size });
    }
  keys.sort((a, b) => a.key.localeCompare(b.key));
  out.log(`Copying ${keys.length} media files from ${disk.root} to the bucket…`);
  if (remade)
    out.log(
      `(${remade} right-sized copies of guides' pictures stay behind: the bucket makes its own when asked)`,
    );

  const summary: CopySummary = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  const width = String(keys.length).length;
  for (const [i, { key, size }] of keys.entries()) {
    const at = `[${String(i + 1).padStart(width)}/${keys.length}]`;
    const file = path.join(disk.root, ...key.split('/'));
    try {
      const there = await bucket.head(key);
      if (there && there.size === size && there.etag === (await md5(file))) {
        summary.skipped++;
        out.log(`${at} ${key}: already in the bucket`);
        continue;
      }
      const version = key.startsWith(TOURS_PREFIX) ? await shortHash(file) : undefined;
      await bucket.put(key, { file }, { version });
      summary.copied++;
      summary.bytes += size;
      out.log(`${at} ${key}: copied (${sizeOf(size)})`);
    } catch (e) {
      summary.failed++;
      const err = e as Error;
      out.error(`${at} ${key}: FAILED (${err.message || err.name})`);
    }
  }
  out.log(
    `Done: ${summary.copied} copied (${sizeOf(summary.bytes)}), ${summary.skipped} already there, ` +
      `${summary.failed} failed, of ${keys.length}.` +
      (summary.failed
        ? ' Run it again to retry the failed ones.'
        : ' The files in DATA_DIR were left in place; remove them once the app runs on the bucket.'),
  );
  return summary;
}
