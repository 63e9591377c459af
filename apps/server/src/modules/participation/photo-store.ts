import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { ANSWER_MESSAGES, PHOTO_MAX_PIXELS, type PhotoDataUrl } from '@earshot/core';
import { BadRequestError } from '../../plugins/errors.js';
import { pictureWork } from '../media/picture-work.js';
import { answerKey } from '../../storage/keys.js';
import type { MediaStore } from '../../storage/media-store.js';

/** Photo answers live in DATA_DIR/media/answers and are served at this prefix. */
export const ANSWER_PHOTOS_PREFIX = '/static/answers/';
export const answerPhotosDir = (mediaDir: string) => path.join(mediaDir, 'answers');

/** Formats people's cameras and galleries give; SVG, PDF and the like are no photos. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const MEDIUM_PX = 1200;
const THUMBNAIL_PX = 320;

export type StoredPhoto = { value: string; value_medium: string; value_thumbnail: string };

/**
 * Stores a photo answer: checks with sharp that the bytes are an image of a photo format and
 * of a bounded pixel count, then writes it upright and without its metadata (a phone's photo
 * carries where it was taken) at full size, medium and thumbnail size, as JPEG under a random
 * name nobody can guess. Answers the three URLs.
 */
export async function storePhoto(store: MediaStore, photo: PhotoDataUrl): Promise<StoredPhoto> {
  const bytes = Buffer.from(photo.base64, 'base64');
  const meta = await pictureWork(() => sharp(bytes).metadata()).catch(() => null);
  if (!meta || !meta.format || !PHOTO_FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new BadRequestError(ANSWER_MESSAGES.photoNotImage);
  if (meta.width * meta.height > PHOTO_MAX_PIXELS)
    throw new BadRequestError(ANSWER_MESSAGES.photoPixels);

  const name = randomBytes(16).toString('hex');
  const files = {
    value: `${name}.jpg`,
    value_medium: `${name}-medium.jpg`,
    value_thumbnail: `${name}-thumbnail.jpg`,
  };
  const sizes: [keyof typeof files, number | null][] = [
    ['value', null],
    ['value_medium', MEDIUM_PX],
    ['value_thumbnail', THUMBNAIL_PX],
  ];
  try {
    const upright = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' });
    // The three sizes are one job of the process's picture work (at most PICTURE_CONCURRENCY).
    await pictureWork(() =>
      Promise.all(
        sizes.map(([key, px]) => {
          const img = upright.clone();
          if (px) img.resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true });
          return img
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer()
            .then((data) =>
              store.put(answerKey(files[key]), { data }, { contentType: 'image/jpeg' }),
            );
        }),
      ),
    );
  } catch {
    await store.delete(Object.values(files).map(answerKey));
    throw new BadRequestError(ANSWER_MESSAGES.photoNotImage);
  }
  return {
    value: ANSWER_PHOTOS_PREFIX + files.value,
    value_medium: ANSWER_PHOTOS_PREFIX + files.value_medium,
    value_thumbnail: ANSWER_PHOTOS_PREFIX + files.value_thumbnail,
  };
}

/** Removes stored photo files by their URLs (a photo whose answer was not stored, or deleted). */
export async function removePhotos(store: MediaStore, urls: (string | null)[]): Promise<void> {
  const names = urls
    .filter((u): u is string => u !== null && u.startsWith(ANSWER_PHOTOS_PREFIX))
    .map((u) => path.basename(u));
  await store.delete(names.map(answerKey));
}
