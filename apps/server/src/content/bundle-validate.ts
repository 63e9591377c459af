import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { bundleMediaRefs, formatIssues, guideBundleSchema, type GuideBundle } from '@earshot/core';
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
  for (const ref of bundleMediaRefs(parsed.data)) {
    if (media.has(ref.path)) continue;
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
    media.set(ref.path, await shortHash(real));
  }
  if (errors.length) throw new BundleError(errors);
  return { bundle: parsed.data, dir: root, media };
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
