import { close, createWriteStream, fstat, open, read } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { bundleMediaRefs } from '@earshot/core';
import { BundleError, bundleError } from './bundle-error.js';
import { GUIDE_JSON_MISSING, MAX_MEDIA_BYTES, parseGuideJson } from './bundle-validate.js';

/**
 * How much a zip may hold and unpack to: a small zip can inflate to far more than the disk
 * holds. All of it is checked on the zip's central directory before anything is unpacked.
 */
export type BundleLimits = {
  maxEntries: number;
  /** The sum of the entries' declared sizes. */
  maxTotalBytes: number;
  /**
   * How many times its packed size an entry of more than a MiB may unpack to, and how many
   * times the zip's own size all its entries together may (once past a MiB: a thousand small
   * entries of zeros are a bomb too). Media barely pack (MP3, JPEG: about 1×) and guide.json
   * packs ~10×; a zip bomb packs 1000× and more. yauzl's validateEntrySizes holds an entry to
   * its declared size, so the ratio cannot lie.
   */
  maxRatio?: number;
};
export const BUNDLE_LIMITS: BundleLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxRatio: 200,
};

/** Past this many unpacked bytes, an entry (or the whole zip) is held to the ratio limit. */
const RATIO_FROM_BYTES = 1024 ** 2;
/** guide.json is read into memory: a draft is at most 5 MB, a generous bundle far below this. */
export const GUIDE_JSON_MAX_BYTES = 32 * 1024 ** 2;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why a zip entry's path is refused, or null when it stays inside the bundle. */
export function zipPathProblem(name: string): string | null {
  if (name.includes('\\')) return 'has a backslash in its path';
  if (name.includes('\0')) return 'has a NUL character in its path';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'points outside the bundle';
  if (name.split('/').includes('..')) return 'points outside the bundle';
  return null;
}

const refuse = (problem: string): never => {
  throw bundleError('$', problem);
};

/**
 * Unpacks a bundle .zip into `tmp` in three steps, each before the next costs anything
 * (docs/security.md):
 * 1. its central directory alone: the entry count, every entry's path, type and declared size,
 *    the sum of the declared sizes against maxTotalBytes, and the ratio of that sum to the
 *    zip's own size (many small entries of zeros are a bomb too), each entry's too;
 * 2. guide.json, read into memory and checked against the schema;
 * 3. only the files guide.json names, each streamed to disk. Anything else in the zip is never
 *    unpacked. yauzl's validateEntrySizes holds every entry to its declared size, so the
 *    sizes of step 1 cannot lie.
 * Answers the folder in `tmp` holding guide.json (a zip of the bundle folder has it one down).
 */
export async function unzipBundle(
  source: string,
  tmp: string,
  limits: Required<BundleLimits>,
  shownAs: string,
): Promise<string> {
  let zip: yauzl.ZipFile;
  let zipBytes: number;
  const fd = await promisify(open)(source, 'r');
  try {
    zipBytes = (await promisify(fstat)(fd)).size;
    zip = await yauzl.fromRandomAccessReaderPromise(new BlockReader(fd), zipBytes, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    });
  } catch (e) {
    await promisify(close)(fd);
    throw unreadableZip(shownAs, e);
  }
  try {
    const files = await readDirectory(zip, tmp, limits, zipBytes);
    const top = [...files.keys()].find((n) => /^[^/]+\/guide\.json$/.test(n));
    const root = files.has('guide.json') || !top ? '' : top.slice(0, top.indexOf('/') + 1);
    const guide = files.get(`${root}guide.json`);
    if (!guide) throw new BundleError([GUIDE_JSON_MISSING]);
    if (guide.uncompressedSize > GUIDE_JSON_MAX_BYTES)
      refuse(`guide.json is larger than ${GUIDE_JSON_MAX_BYTES / 1024 ** 2} MB`);
    const text = await readEntry(zip, guide, `${root}guide.json`);
    const bundle = parseGuideJson(text.toString('utf8'));

    const dir = path.join(tmp, root);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'guide.json'), text);
    const named = new Map<string, { at: string; entry: yauzl.Entry }>();
    for (const ref of bundleMediaRefs(bundle)) {
      const name = path.posix.normalize(root + ref.path);
      const entry = files.get(name);
      // A file it names but lacks is for the bundle's checks to report, with the rest.
      if (entry && !named.has(name)) named.set(name, { at: ref.at, entry });
    }
    const large = [...named.values()].filter((n) => n.entry.uncompressedSize > MAX_MEDIA_BYTES);
    if (large.length)
      throw new BundleError(
        large.map(({ at, entry }) => ({
          path: at,
          message: `file "${entryName(entry).slice(root.length)}" is larger than 50 MB`,
        })),
      );
    for (const [name, { entry }] of named) {
      const target = path.join(tmp, name);
      await mkdir(path.dirname(target), { recursive: true });
      await unpackEntry(zip, entry, name, target);
    }
    return dir;
  } catch (e) {
    if (e instanceof BundleError) throw e;
    throw unreadableZip(shownAs, e);
  } finally {
    zip.close();
  }
}

const entryName = (entry: yauzl.Entry) =>
  yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    true,
  );

/** A file that is not a zip, or a damaged one: said plainly, the reader's words as the detail. */
const unreadableZip = (shownAs: string, e: unknown) =>
  bundleError(
    '$',
    `${shownAs.charAt(0).toUpperCase()}${shownAs.slice(1)} is not a zip file Earshot can open: it may be damaged or another kind of file. Export the guide again, or zip its folder again.`,
    (e as Error).message,
  );

/** Step 1: every entry of the central directory checked; the files by their normalised path. */
async function readDirectory(
  zip: yauzl.ZipFile,
  tmp: string,
  limits: Required<BundleLimits>,
  zipBytes: number,
): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > limits.maxEntries)
    refuse(`the zip holds ${zip.entryCount} entries, more than the ${limits.maxEntries} allowed`);
  const files = new Map<string, yauzl.Entry>();
  const sizes = zipSizeCheck(limits, zipBytes);
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    const name = entryName(entry);
    const problem = zipPathProblem(name);
    if (problem) refuse(`zip entry "${name}" ${problem}`);
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
      refuse(`zip entry "${name}" is a symbolic link; a bundle may hold only files and folders`);
    const target = path.resolve(tmp, name);
    if (target !== tmp && !target.startsWith(tmp + path.sep))
      refuse(`zip entry "${name}" points outside the bundle`);
    if (name.endsWith('/')) continue;
    const normal = path.posix.normalize(name);
    if (files.has(normal)) refuse(`zip entry "${name}" appears twice`);
    files.set(normal, entry);
    const big = sizes.add(name, entry);
    if (big) refuse(big);
  }
  const big = sizes.end();
  if (big) refuse(big);
  return files;
}

/**
 * A zip bomb found from the central directory, before anything inflates: each entry's ratio of
 * unpacked to packed size, the sum of the declared sizes, and the whole zip's ratio (past 1 MiB
 * unpacked, small files compress as they like). Each answer is what is too large, or null. The
 * readers then hold each entry to its declared size (yauzl's validateEntrySizes, fflate).
 */
export function zipSizeCheck(limits: Required<BundleLimits>, zipBytes: number) {
  let total = 0;
  return {
    add(name: string, entry: Pick<yauzl.Entry, 'uncompressedSize' | 'compressedSize'>) {
      if (
        entry.uncompressedSize > RATIO_FROM_BYTES &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      )
        return `zip entry "${name}" unpacks to more than ${limits.maxRatio} times its packed size (${entry.compressedSize} bytes to ${entry.uncompressedSize}), the most allowed`;
      total += entry.uncompressedSize;
      return total > limits.maxTotalBytes
        ? `the zip unpacks to more than ${limits.maxTotalBytes} bytes, the most allowed`
        : null;
    },
    end() {
      return total > RATIO_FROM_BYTES && total > limits.maxRatio * zipBytes
        ? `the zip unpacks to more than ${limits.maxRatio} times its own size (${zipBytes} bytes to ${total}), the most allowed`
        : null;
    },
  };
}

const readFailure = (name: string, e: unknown): never => {
  if (e instanceof BundleError) throw e;
  const err = e as NodeJS.ErrnoException;
  if (/too many bytes/.test(err.message))
    refuse(`zip entry "${name}" holds more bytes than it declares`);
  return refuse(`zip entry "${name}" cannot be unpacked (${err.message})`);
};

/** One entry into memory (guide.json, at most GUIDE_JSON_MAX_BYTES as its size was checked). */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Buffer> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (e) {
    return readFailure(name, e);
  }
}

async function unpackEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, target: string) {
  try {
    await pipeline(
      await zip.openReadStreamPromise(entry),
      createWriteStream(target, { flags: 'wx' }),
    );
  } catch (e) {
    readFailure(name, e);
  }
}

/**
 * The zip file for yauzl, its small reads (the central directory's records, a few dozen bytes
 * each) served from one 256 KiB block read at a time: reading 10,000 entries' records one
 * system call each took ~0.4 s, from blocks a fifth of that. Entries' data are streamed.
 */
class BlockReader extends yauzl.RandomAccessReader {
  private block: { at: number; data: Buffer } | null = null;

  constructor(private readonly fd: number) {
    super();
  }

  /** Positional reads of the shared fd (an fs.ReadStream closes its fd once iterated). */
  override _readStreamForRange(start: number, end: number): Readable {
    const fd = this.fd;
    let at = start;
    return new Readable({
      highWaterMark: 64 * 1024,
      read(size) {
        const n = Math.min(size, end - at);
        if (n <= 0) return void this.push(null);
        const chunk = Buffer.allocUnsafe(n);
        read(fd, chunk, 0, n, at, (err, got) => {
          if (err) return void this.destroy(err);
          if (got === 0) return void this.push(null); // cut short: yauzl's byte count says so
          at += got;
          this.push(chunk.subarray(0, got));
        });
      },
    });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    const copy = (b: { at: number; data: Buffer }) => {
      const n = b.data.copy(buffer, offset, position - b.at, position - b.at + length);
      process.nextTick(callback, null, n);
    };
    const b = this.block;
    if (b && position >= b.at && position + length <= b.at + b.data.length) return copy(b);
    const data = Buffer.alloc(Math.max(length, 256 * 1024));
    read(this.fd, data, 0, data.length, position, (err, bytesRead) => {
      if (err) return callback(err);
      this.block = { at: position, data: data.subarray(0, bytesRead) };
      copy(this.block);
    });
  }

  override close(callback: (err: Error | null) => void): void {
    close(this.fd, callback);
  }
}

/** The zip's next entry of its central directory (lazyEntries), or null at its end. */
export function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
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
