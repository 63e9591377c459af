import { parseFile } from 'music-metadata';
import sharp, { type Sharp } from 'sharp';
import { MEDIA_MAX_PIXELS, MEDIA_MESSAGES, type SniffedMedia } from '@earshot/core';
import { HttpError } from '../../../plugins/errors.js';
import { pictureWork } from '../../media/picture-work.js';

const unreadable = (what: SniffedMedia) =>
  new HttpError(415, MEDIA_MESSAGES.unreadable(what.label));

/** The containers music-metadata names for each kind the sniffer accepts. */
const CONTAINERS: Record<string, RegExp> = {
  mp3: /^MPEG$/,
  m4a: /M4A|isom|iso2|mp4[12]/,
  ogg: /^Ogg$/,
  wav: /^WAVE$/,
};

/** An ID3v2 tag's length from its header (10 bytes and a 28-bit "syncsafe" size). */
function id3Bytes(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  return 10 + ((head[6]! << 21) | (head[7]! << 14) | (head[8]! << 7) | head[9]!);
}

/**
 * Reads an audio file through: its container must be the one its first bytes promised, with
 * an audio stream, no video and a length. An MP3's frames must carry most of its bytes (the
 * parser finds a "frame" in any noise that starts with an ID3 header). Answers its duration in
 * seconds; 415 with a clear message for anything else.
 */
export async function inspectAudio(
  file: string,
  what: SniffedMedia,
  head: Buffer,
  bytes: number,
): Promise<number> {
  const meta = await parseFile(file, { duration: true, skipCovers: true }).catch(() => null);
  const f = meta?.format;
  const duration = f?.duration;
  if (
    !f ||
    !f.container ||
    !CONTAINERS[what.ext]?.test(f.container) ||
    !f.codec ||
    f.hasVideo ||
    f.hasAudio === false ||
    !duration ||
    !Number.isFinite(duration) ||
    duration <= 0
  )
    throw unreadable(what);
  if (what.ext === 'mp3') {
    const audioBytes = bytes - id3Bytes(head);
    if (!f.bitrate || (f.bitrate * duration) / 8 < audioBytes / 2) throw unreadable(what);
  }
  return Math.round(duration * 100) / 100;
}

const ENCODE = {
  jpg: (img: Sharp) => img.jpeg({ quality: 85, mozjpeg: true }),
  png: (img: Sharp) => img.png({ compressionLevel: 8 }),
  webp: (img: Sharp) => img.webp({ quality: 85 }),
} as const;

/** What a picture's header says: its size, or why it is refused before it is decoded. */
export type PictureHeader =
  | { width: number; height: number; problem?: undefined }
  | { problem: 'unreadable' }
  | { problem: 'pixels'; width: number; height: number };

/**
 * Reads a picture's header (nothing is decoded): readable as the format its first bytes
 * promised, and of at most MEDIA_MAX_PIXELS pixels. Uploads and bundle imports both ask it.
 */
export async function readPictureHeader(src: string, what: SniffedMedia): Promise<PictureHeader> {
  // Reading a header is quick, but it is sharp's work too: it waits for its place as well.
  // No pixel limit for the header alone: sharp's own (268 megapixels) would make a larger
  // picture "unreadable" instead of too large; the limit below is ours.
  const meta = await pictureWork(() => sharp(src, { limitInputPixels: false }).metadata()).catch(
    () => null,
  );
  const format = meta?.format === 'jpeg' ? 'jpg' : meta?.format;
  if (!meta || format !== what.ext || !meta.width || !meta.height) return { problem: 'unreadable' };
  if (meta.width * meta.height > MEDIA_MAX_PIXELS)
    return { problem: 'pixels', width: meta.width, height: meta.height };
  return { width: meta.width, height: meta.height };
}

/**
 * Writes `src` again as `dst` in its own format: turned upright by its EXIF orientation and
 * without any metadata (EXIF, GPS, XMP, comments: a phone's photo says where it was taken).
 * The one re-encoding of pictures: studio uploads and bundle imports (content/bundle-pictures.ts).
 * 415 when sharp cannot read it as the format its first bytes promised, 413 when it has too
 * many pixels. At most PICTURE_CONCURRENCY run at once in the process (pictureWork).
 */
export async function reencodeImage(
  src: string,
  dst: string,
  what: SniffedMedia,
): Promise<{ width: number; height: number; bytes: number }> {
  const header = await readPictureHeader(src, what);
  if (header.problem === 'unreadable') throw unreadable(what);
  if (header.problem === 'pixels')
    throw new HttpError(413, MEDIA_MESSAGES.tooManyPixels(header.width, header.height));
  const encode = ENCODE[what.ext as keyof typeof ENCODE];
  try {
    // sharp writes no metadata unless asked (withMetadata); rotate() applies the orientation.
    const info = await pictureWork(() =>
      encode(sharp(src, { limitInputPixels: MEDIA_MAX_PIXELS, animated: false }).rotate()).toFile(
        dst,
      ),
    );
    return { width: info.width, height: info.height, bytes: info.size };
  } catch {
    throw unreadable(what);
  }
}
