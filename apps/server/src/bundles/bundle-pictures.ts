import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  barePicture,
  bundleFieldKind,
  bundleMediaRefs,
  MEDIA_SNIFF_BYTES,
  sniffMedia,
} from '@earshot/core';
import { gate } from '../modules/media/picture-work.js';
import { reencodeImage } from '../modules/studio/media/media-inspect.js';
import { HttpError } from '../plugins/errors.js';
import { BundleError, problemLine, type BundleProblem } from './bundle-error.js';
import { shortHash, unreadablePicture, type CheckedBundle } from './bundle-validate.js';

/** Pictures of one import read and re-encoded at once (each is read whole: up to 50 MB). */
const AT_ONCE = 2;

/**
 * Runs `use` on the bundle with every picture it names free of metadata (docs/security.md):
 * a picture that is not bare (core `barePicture`: EXIF, GPS, XMP, an ICC profile, comments,
 * bytes after its end …) is written again upright and without them by `reencodeImage`, the
 * studio upload's own re-encoding, into a temp folder removed when `use` ends. The bundle
 * given to `use` names those files in `sources` and their hashes in `media` (new URLs). A bare
 * picture keeps its bytes: the demo's, an export's, the studio pool's (already re-encoded) are
 * not encoded again, so publishing twice or importing an export changes no picture or URL.
 */
export async function withBarePictures<T>(
  checked: CheckedBundle,
  use: (bare: CheckedBundle) => Promise<T>,
): Promise<T> {
  const pictures = new Map<string, string>();
  for (const ref of bundleMediaRefs(checked.bundle))
    if (bundleFieldKind(ref.at) === 'image' && !pictures.has(ref.path))
      pictures.set(ref.path, ref.at);
  const media = new Map(checked.media);
  const sources = new Map(checked.sources);
  const errors: BundleProblem[] = [];
  let tmp: Promise<string> | undefined;
  const one = gate(AT_ONCE);
  try {
    // Settled, not all: a failure must not remove the temp folder under a job still writing.
    const done = await Promise.allSettled(
      [...pictures].map(([file, at], i) =>
        one(async () => {
          const source = sources.get(file) ?? path.join(checked.dir, file);
          const bytes = await readFile(source);
          if (barePicture(bytes)) return;
          const what = sniffMedia(bytes.subarray(0, MEDIA_SNIFF_BYTES))!;
          const clean = path.join(
            await (tmp ??= mkdtemp(path.join(os.tmpdir(), 'earshot-pictures-'))),
            `${i}.${what.ext}`,
          );
          try {
            await reencodeImage(source, clean, what);
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            errors.push(unreadablePicture(at, file, what.label));
            return;
          }
          sources.set(file, clean);
          media.set(file, await shortHash(clean));
        }),
      ),
    );
    const failed = done.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    // In the order of their lines, as the command line prints them.
    const line = (p: BundleProblem) => problemLine(p);
    if (errors.length)
      throw new BundleError(
        errors.sort((a, b) => (line(a) < line(b) ? -1 : line(a) > line(b) ? 1 : 0)),
      );
    return await use({ ...checked, media, sources });
  } finally {
    if (tmp) await rm(await tmp, { recursive: true, force: true });
  }
}
