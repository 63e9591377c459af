import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { BundleError } from './bundle-error.js';

export type BundleSource = { dir: string; cleanup: () => Promise<void> };

/** How much a zip may unpack to: a small zip can inflate to far more than the disk holds. */
export type BundleLimits = {
  maxEntries: number;
  maxTotalBytes: number;
  /**
   * How many times its packed size an entry of more than a MiB may unpack to. Media barely
   * pack (MP3, JPEG: about 1×) and guide.json packs ~10×; a zip bomb packs 1000× and more, so it
   * is refused before a byte is written instead of filling the disk up to maxTotalBytes.
   * yauzl's validateEntrySizes holds an entry to its declared size, so the ratio cannot lie.
   */
  maxRatio?: number;
};
export const BUNDLE_LIMITS: BundleLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxRatio: 200,
};
const RATIO_FROM_BYTES = 1024 ** 2;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Opens a bundle folder, or unpacks a .zip entry by entry into a temp folder. Refuses symbolic
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
  if (!info) throw new BundleError([`$: no bundle at "${source}"`]);
  if (info.isDirectory()) {
    const dir = path.resolve(source);
    await refuseLinks(dir);
    return { dir, cleanup: async () => {} };
  }
  if (!source.toLowerCase().endsWith('.zip'))
    throw new BundleError([`$: "${source}" is neither a folder nor a .zip`]);

  const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-bundle-'));
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    const names = await unzipTo(source, tmp, limits, shownAs);
    // A zip of the bundle folder itself holds one top folder with guide.json inside.
    const top = names.find((n) => /^[^/]+\/guide\.json$/.test(n));
    const dir = names.includes('guide.json') || !top ? tmp : path.join(tmp, top.split('/')[0]!);
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
      links.map((l) => `$: "${l}" is a symbolic link; a bundle may hold only files and folders`),
    );
}

/** Why a zip entry's path is refused, or null when it stays inside the bundle. */
export function zipPathProblem(name: string): string | null {
  if (name.includes('\\')) return 'has a backslash in its path';
  if (name.includes('\0')) return 'has a NUL character in its path';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'points outside the bundle';
  if (name.split('/').includes('..')) return 'points outside the bundle';
  return null;
}

async function unzipTo(
  source: string,
  tmp: string,
  limits: BundleLimits,
  shownAs: string,
): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(source, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    });
  } catch (e) {
    throw new BundleError([`$: ${shownAs} is not a readable zip (${(e as Error).message})`]);
  }
  const refuse = (problem: string): never => {
    throw new BundleError([`$: ${problem}`]);
  };
  try {
    if (zip.entryCount > limits.maxEntries)
      refuse(`the zip holds ${zip.entryCount} entries, more than the ${limits.maxEntries} allowed`);
    const names: string[] = [];
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileName as unknown as Buffer,
        entry.extraFields,
        true,
      );
      const problem = zipPathProblem(name);
      if (problem) refuse(`zip entry "${name}" ${problem}`);
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
        refuse(`zip entry "${name}" is a symbolic link; a bundle may hold only files and folders`);
      const target = path.resolve(tmp, name);
      if (target !== tmp && !target.startsWith(tmp + path.sep))
        refuse(`zip entry "${name}" points outside the bundle`);
      if (name.endsWith('/')) {
        await mkdir(target, { recursive: true });
        continue;
      }
      const maxRatio = limits.maxRatio ?? BUNDLE_LIMITS.maxRatio!;
      if (
        entry.uncompressedSize > RATIO_FROM_BYTES &&
        entry.uncompressedSize > maxRatio * Math.max(entry.compressedSize, 1)
      )
        refuse(
          `zip entry "${name}" unpacks to more than ${maxRatio} times its packed size (${entry.compressedSize} bytes to ${entry.uncompressedSize}), the most allowed`,
        );
      // Sizes in the zip are the packer's word: count the bytes as they come out.
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          total += chunk.length;
          if (total > limits.maxTotalBytes)
            done(
              new BundleError([
                `$: the zip unpacks to more than ${limits.maxTotalBytes} bytes, the most allowed`,
              ]),
            );
          else done(null, chunk);
        },
      });
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(
          await zip.openReadStreamPromise(entry),
          counter,
          createWriteStream(target, { flags: 'wx' }),
        );
      } catch (e) {
        if (e instanceof BundleError) throw e;
        const err = e as NodeJS.ErrnoException;
        if (err.code === 'EEXIST') refuse(`zip entry "${name}" appears twice`);
        if (/too many bytes/.test(err.message))
          refuse(`zip entry "${name}" holds more bytes than it declares`);
        refuse(`zip entry "${name}" cannot be unpacked (${err.message})`);
      }
      names.push(name);
    }
    return names;
  } catch (e) {
    if (e instanceof BundleError) throw e;
    throw new BundleError([`$: ${shownAs} is not a readable zip (${(e as Error).message})`]);
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => {
      done();
      resolve(e);
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
