import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  bundleMediaPaths,
  guideBundleSchema,
  type DraftProblem,
  type GuideBundle,
} from '@earshot/core';
import type { DbHandle } from '../../../db/database.js';
import { BundleError } from '../../../bundles/bundle-error.js';
import { checkTokenOwnership } from '../../../bundles/bundle-import.js';
import { readAndCheckBundle } from '../../../bundles/bundle-validate.js';
import { HttpError } from '../../../plugins/errors.js';
import { placePoolFile, poolFile } from '../media/media-pool-files.js';
import type { MediaStore } from '../../../storage/media-store.js';

/**
 * A draft as a bundle folder, so that publish and preview run the importer itself on it
 * (decision 0013): guide.json plus hard links of the pool files it names under media/. A file
 * the pool lacks is left out, and the importer's own check names it.
 */
export async function draftBundleFolder(
  store: MediaStore,
  document: unknown,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-draft-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await writeFile(path.join(dir, 'guide.json'), JSON.stringify(document));
    const parsed = guideBundleSchema.safeParse(document);
    if (parsed.success) {
      for (const p of bundleMediaPaths(parsed.data)) {
        const key = await poolFile(store, p);
        if (key) await placePoolFile(store, key, dir, p);
      }
    }
    return { dir, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * Every problem the importer would stop at, of both of its checks after the rules: the media
 * the bundle folder lacks and the tokens other guides own (the importer itself stops at the
 * first that fails; a publisher is told all of them at once).
 */
export async function importerProblems(
  handle: DbHandle,
  dir: string,
  bundle: GuideBundle,
): Promise<DraftProblem[]> {
  const problems: DraftProblem[] = [];
  const collect = (e: unknown) => {
    if (!(e instanceof BundleError)) throw e;
    problems.push(...e.problems);
  };
  await readAndCheckBundle(dir).catch(collect);
  await checkTokenOwnership(handle, bundle).catch(collect);
  return problems;
}

/** 422 (publish, preview) or 400 (import) with every problem: `{ message, error, problems }`. */
export function problemsError(
  status: 400 | 422,
  message: string,
  problems: DraftProblem[],
): HttpError {
  return new HttpError(status, message, undefined, { error: message, problems });
}
