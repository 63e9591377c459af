import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, realpath, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import {
  bundleMediaProblem,
  bundleMediaRefs,
  formatIssues,
  guideBundleSchema,
  MEDIA_SNIFF_BYTES,
  type GuideBundle,
} from '@earshot/core';
import { BundleError } from './bundle-error.js';

export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;

export type CheckedBundle = {
  bundle: GuideBundle;
  dir: string;
  /** Bundle media path → short content hash (used to version media URLs). */
  media: Map<string, string>;
};

/** Reads guide.json and checks it and every media file it names; throws a BundleError listing all problems. */
export async function readAndCheckBundle(dir: string): Promise<CheckedBundle> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, 'guide.json'), 'utf8'));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new BundleError([
      err.code === 'ENOENT'
        ? '$: guide.json is missing'
        : `$: guide.json is not valid JSON (${err.message})`,
    ]);
  }
  const parsed = guideBundleSchema.safeParse(raw);
  if (!parsed.success) throw new BundleError(formatIssues(parsed.error));
  const nul = nulPaths(parsed.data, '$');
  if (nul.length) throw new BundleError(nul.map((at) => `${at}: text holds a NUL character`));

  const errors: string[] = [];
  const media = new Map<string, string>();
  const root = await realpath(dir);
  const heads = new Map<string, Uint8Array>();
  for (const ref of bundleMediaRefs(parsed.data)) {
    // Every use of a file is checked against its field's kind (a picture named as audio too).
    const known = heads.get(ref.path);
    if (known) {
      const problem = bundleMediaProblem(ref.at, ref.path, known);
      if (problem) errors.push(`${ref.at}: ${problem}`);
    }
    if (media.has(ref.path) || known) continue;
    const file = path.join(root, ref.path);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      errors.push(`${ref.at}: file "${ref.path}" is not in the bundle`);
      continue;
    }
    const real = await realpath(file);
    if (!real.startsWith(root + path.sep)) {
      errors.push(`${ref.at}: file "${ref.path}" points outside the bundle`);
      continue;
    }
    if (info.size > MAX_MEDIA_BYTES) {
      errors.push(`${ref.at}: file "${ref.path}" is larger than 50 MB`);
      continue;
    }
    // Served with the type its name says: its bytes must be that kind (no HTML, SVG or script).
    const head = await readHead(real);
    heads.set(ref.path, head);
    const problem = bundleMediaProblem(ref.at, ref.path, head);
    if (problem) {
      errors.push(`${ref.at}: ${problem}`);
      continue;
    }
    media.set(ref.path, await shortHash(real));
  }
  if (errors.length) throw new BundleError(errors);
  return { bundle: parsed.data, dir: root, media };
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
