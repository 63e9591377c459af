import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_MAX_PIXELS, type ImageWidth } from '@earshot/core';
import { gate, pictureWork } from './picture-work.js';

/** Resizes of one set of variants running at once (all pictures together: pictureWork). */
const CONCURRENCY = 2;
/** WebP at this quality is about a third of a JPEG's bytes at the same look, on photos. */
const WEBP_QUALITY = 72;

export { gate } from './picture-work.js';

export type ImageVariants = {
  /** The folder the variants are written in (served with reply.sendFile from there). */
  dir: string;
  /**
   * The file name (in `dir`) of `source` resized to `width` as WebP, made on first request and
   * kept. `key` names the source's content: a content hash, or undefined to derive one from
   * the file's path, size and time (a re-imported file gets new variants). Never enlarges.
   */
  variant(source: string, width: ImageWidth, key?: string): Promise<string>;
};

/**
 * Right-sized copies of pictures (docs/studio.md Media): made by sharp when first asked for, at
 * most CONCURRENCY at a time, one making per file however many ask at once, written under a
 * temporary name and renamed into place, so a half-written variant is never served.
 */
export function imageVariants(dir: string, concurrency = CONCURRENCY): ImageVariants {
  const limit = gate(concurrency);
  const making = new Map<string, Promise<string>>();
  let ready: Promise<unknown> | null = null;

  const contentKey = async (source: string) => {
    const s = await stat(source);
    if (!s.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    return createHash('sha256')
      .update(`${path.resolve(source)}\0${s.size}\0${s.mtimeMs}`)
      .digest('hex')
      .slice(0, 40);
  };

  const make = async (source: string, name: string, width: ImageWidth) => {
    const target = path.join(dir, name);
    if (
      await stat(target).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return name;
    await (ready ??= mkdir(dir, { recursive: true }));
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await limit(() =>
        pictureWork(() =>
          sharp(source, { limitInputPixels: MEDIA_MAX_PIXELS, animated: false })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: WEBP_QUALITY })
            .toFile(tmp),
        ),
      );
      await rename(tmp, target);
      return name;
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  };

  return {
    dir,
    async variant(source, width, key) {
      const name = `${key ?? (await contentKey(source))}-${width}.webp`;
      let job = making.get(name);
      if (!job) {
        job = make(source, name, width).finally(() => making.delete(name));
        making.set(name, job);
      }
      return job;
    },
  };
}
