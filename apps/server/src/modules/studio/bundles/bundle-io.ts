import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { mapMediaPaths, STUDIO_IMPORT_MAX_BYTES, type StudioDraft } from '@earshot/core';
import { BundleError } from '../../../bundles/bundle-error.js';
import { checkTokenOwnership } from '../../../bundles/bundle-import.js';
import { openBundleSource } from '../../../bundles/bundle-source.js';
import { readAndCheckBundle } from '../../../bundles/bundle-validate.js';
import { withBarePictures } from '../../../bundles/bundle-pictures.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { HttpError } from '../../../plugins/errors.js';
import { problemsError } from './draft-bundle.js';
import type { DraftsService, StudioDeps } from '../drafts/drafts-service.js';
import { POOL_PATH, poolFile, putPoolFile } from '../media/media-pool-files.js';

export const IMPORT_REFUSED = 'The bundle cannot be imported';
export const IMPORT_TOO_LARGE = `A bundle may be at most ${STUDIO_IMPORT_MAX_BYTES / 1024 / 1024} MB`;

/** Every pool path a draft names, wherever it is (a draft may break rules; export it anyway). */
function poolPaths(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (POOL_PATH.test(value)) found.add(value);
  } else if (Array.isArray(value)) value.forEach((v) => poolPaths(v, found));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((v) => poolPaths(v, found));
  return found;
}

/** Streams the upload to `file`, refusing it (413) past the import's size limit. */
async function saveUpload(body: Readable, file: string): Promise<void> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > STUDIO_IMPORT_MAX_BYTES) done(new HttpError(413, IMPORT_TOO_LARGE));
      else done(null, chunk);
    },
  });
  await pipeline(body, counter, createWriteStream(file));
  if (bytes === 0)
    throw new HttpError(400, 'The upload is empty: send the bundle .zip as the body');
}

/**
 * The studio's import and export of bundles (docs/studio.md): an uploaded .zip goes through the
 * importer's own checks and becomes the draft of its guide, its media put into the pool; a
 * draft goes out as a bundle .zip that the command line's importer takes.
 */
export function bundleIo({ handle, store, access }: StudioDeps, drafts: DraftsService) {
  const refuse = (problems: { path: string; message: string }[]) =>
    problemsError(400, IMPORT_REFUSED, problems);

  /**
   * Refuses a bundle whose guide token another organisation's guide has (a published guide's:
   * the visitors' token). The organisation's own published guide or draft is replaced; another
   * organisation's drafts never published are theirs alone and do not stand in the way.
   */
  async function checkOwner(token: string, organisationId: number) {
    const owner = await access.ownerOf(token);
    if (owner !== undefined && owner !== organisationId)
      throw refuse([
        { path: '$.guide.token', message: `token "${token}" is used by another guide` },
      ]);
  }

  return {
    async importZip(
      user: AuthUser | null,
      organisationId: number,
      body: Readable,
    ): Promise<{ draft: StudioDraft; created: boolean }> {
      await access.organisation(user, organisationId);
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-upload-'));
      try {
        const zip = path.join(tmp, 'bundle.zip');
        await saveUpload(body, zip);
        const src = await openBundleSource(zip, undefined, 'the uploaded file').catch(
          (e: unknown) => {
            throw e instanceof BundleError ? refuse(e.problems) : e;
          },
        );
        try {
          const checked = await readAndCheckBundle(src.dir).catch((e: unknown) => {
            throw e instanceof BundleError ? refuse(e.problems) : e;
          });
          await checkTokenOwnership(handle, checked.bundle, organisationId).catch((e: unknown) => {
            throw e instanceof BundleError ? refuse(e.problems) : e;
          });
          const token = checked.bundle.guide.token;
          await checkOwner(token, organisationId);
          // Pictures go into the pool as uploads do: re-encoded without their metadata.
          const pooled = new Map<string, string>();
          await withBarePictures(checked, async (bare) => {
            for (const p of bare.media.keys())
              pooled.set(
                p,
                await putPoolFile(store, bare.sources?.get(p) ?? path.join(bare.dir, p)),
              );
          }).catch((e: unknown) => {
            throw e instanceof BundleError ? refuse(e.problems) : e;
          });
          const document = mapMediaPaths(checked.bundle, (p) => pooled.get(p) ?? p);
          return await drafts.replace(user!, token, organisationId, document);
        } finally {
          await src.cleanup();
        }
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    /** The draft as a bundle .zip: guide.json and the pool files it names under media/. */
    async exportZip(user: AuthUser | null, token: string): Promise<Readable> {
      const draft = await drafts.opened(user, token);
      const document = JSON.parse(draft.document) as unknown;
      const files: [string, string][] = [];
      for (const p of [...poolPaths(document)].sort()) {
        const key = await poolFile(store, p);
        if (key) files.push([p, key]);
      }
      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) return void out.destroy(err);
        out.write(chunk);
        if (final) out.end();
      });
      const json = new ZipDeflate('guide.json', { level: 6 });
      zip.add(json);
      json.push(strToU8(`${JSON.stringify(document, null, 2)}\n`), true);
      void (async () => {
        // Media are compressed already: stored as they are, streamed file by file.
        for (const [name, file] of files) {
          const entry = new ZipPassThrough(name);
          zip.add(entry);
          const stored = await store.get(file);
          if (!stored) throw new Error(`pool file ${file} went missing during the export`);
          for await (const chunk of stored.body) {
            entry.push(chunk as Buffer);
            if (out.writableLength > 8 * 1024 * 1024) await once(out, 'drain');
          }
          entry.push(new Uint8Array(0), true);
        }
        zip.end();
      })().catch((e: unknown) => out.destroy(e as Error));
      return out;
    },
  };
}

export type BundleIo = ReturnType<typeof bundleIo>;
