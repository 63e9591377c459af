import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, realpath, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import {
  bundleMediaProblem,
  bundleMediaRefs,
  guideBundleSchema,
  issueProblems,
  MEDIA_SNIFF_BYTES,
  pixelsProblem,
  sniffMedia,
  type GuideBundle,
  type SniffedMedia,
} from '@earshot/core';
import { gate } from '../modules/media/picture-work.js';
import { readPictureHeader } from '../modules/studio/media/media-inspect.js';
import { BundleError, bundleError, type BundleProblem } from './bundle-error.js';

export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;

export type CheckedBundle = {
  bundle: GuideBundle;
  dir: string;
  /** Bundle media path → short content hash (used to version media URLs). */
  media: Map<string, string>;
  /**
   * Bundle media path → the file to place instead of the bundle's own (a picture re-encoded
   * without its metadata: bundle-pictures.ts). A path not in it is placed from `dir`.
   */
  sources?: Map<string, string>;
};

export const GUIDE_JSON_MISSING: BundleProblem = { path: '$', message: 'guide.json is missing' };

/**
 * guide.json's text as a bundle, checked against the schema; throws a BundleError listing
 * every problem. A zip's guide.json is checked with it before anything else is unpacked.
 */
export function parseGuideJson(text: string): GuideBundle {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw bundleError('$', 'guide.json is not valid JSON.', (e as Error).message);
  }
  const parsed = guideBundleSchema.safeParse(raw);
  if (!parsed.success) throw new BundleError(issueProblems(parsed.error));
  const nul = nulPaths(parsed.data, '$');
  if (nul.length)
    throw new BundleError(nul.map((at) => ({ path: at, message: 'text holds a NUL character' })));
  return parsed.data;
}

/** A picture whose header sharp cannot read as the format its first bytes promised. */
export const unreadablePicture = (at: string, file: string, label: string): BundleProblem => ({
  path: at,
  message: `file "${file}" starts like ${label} but cannot be read as one: it may be damaged or another kind of file`,
});

/** Reads guide.json and checks it and every media file it names; throws a BundleError listing all problems. */
export async function readAndCheckBundle(dir: string): Promise<CheckedBundle> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'guide.json'), 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new BundleError([
      err.code === 'ENOENT'
        ? GUIDE_JSON_MISSING
        : { path: '$', message: `guide.json cannot be read (${err.message})` },
    ]);
  }
  const bundle = parseGuideJson(text);

  // In the order of guide.json, the slow checks' answers among them as they come.
  const errors: (BundleProblem | null | Promise<BundleProblem | null>)[] = [];
  const checks = gate(4);
  const media = new Map<string, string>();
  const root = await realpath(dir);
  const heads = new Map<string, Uint8Array>();
  for (const ref of bundleMediaRefs(bundle)) {
    // Every use of a file is checked against its field's kind (a picture named as audio too).
    const known = heads.get(ref.path);
    if (known) {
      const problem = bundleMediaProblem(ref.at, ref.path, known);
      if (problem) errors.push({ path: ref.at, message: problem });
    }
    if (media.has(ref.path) || known) continue;
    const file = path.join(root, ref.path);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      errors.push({ path: ref.at, message: `file "${ref.path}" is not in the bundle` });
      continue;
    }
    const real = await realpath(file);
    if (!real.startsWith(root + path.sep)) {
      errors.push({ path: ref.at, message: `file "${ref.path}" points outside the bundle` });
      continue;
    }
    if (info.size > MAX_MEDIA_BYTES) {
      errors.push({ path: ref.at, message: `file "${ref.path}" is larger than 50 MB` });
      continue;
    }
    // Served with the type its name says: its bytes must be that kind (no HTML, SVG or script).
    const head = await readHead(real);
    heads.set(ref.path, head);
    const problem = bundleMediaProblem(ref.at, ref.path, head);
    if (problem) {
      errors.push({ path: ref.at, message: problem });
      continue;
    }
    // The picture's header and the file's hash: a few at a time, while the loop goes on.
    const check = checks(() => fileCheck(ref, real, sniffMedia(head)!, media));
    check.catch(() => {}); // awaited below; not "unhandled" while the loop goes on
    errors.push(check);
  }
  const found = (await Promise.all(errors)).filter((e): e is BundleProblem => e !== null);
  if (found.length) throw new BundleError(found);
  return { bundle, dir: root, media };
}

/**
 * A picture's header (nothing decoded: a 30,000 × 30,000 picture is refused here), then the
 * file's hash into `media`; answers the problem, or null.
 */
async function fileCheck(
  ref: { at: string; path: string },
  real: string,
  what: SniffedMedia,
  media: Map<string, string>,
): Promise<BundleProblem | null> {
  if (what.kind === 'image') {
    const header = await readPictureHeader(real, what);
    if (header.problem === 'unreadable') return unreadablePicture(ref.at, ref.path, what.label);
    if (header.problem === 'pixels')
      return {
        path: ref.at,
        message: `file "${ref.path}" ${pixelsProblem(header.width, header.height)}`,
      };
  }
  media.set(ref.path, await shortHash(real));
  return null;
}

/** The first bytes of a file, enough to tell its kind. */
async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(MEDIA_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, MEDIA_SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Hashes a media file as it streams: audio files may be tens of megabytes each. */
export async function shortHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex').slice(0, 10);
}

/** JSON paths of strings holding NUL, which PostgreSQL text cannot store. */
function nulPaths(value: unknown, at: string): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulPaths(v, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => nulPaths(v, `${at}.${k}`));
  return [];
}
