import { z } from 'zod';

/**
 * What an uploaded file is, read from its first bytes (its "magic"), never from its name or
 * the Content-Type the browser guessed from that name: a renamed file is what its bytes say.
 * Decision 0013 and docs/studio.md "Media".
 */

export type MediaKind = 'audio' | 'image';
export type MediaExt = 'mp3' | 'm4a' | 'ogg' | 'wav' | 'jpg' | 'png' | 'webp';
export type SniffedMedia = { kind: MediaKind; ext: MediaExt; mime: string; label: string };

const MB = 1024 * 1024;

/** Upload limits per kind: a long narrated stop as 192 kbit/s MP3 is ~30 MB; a camera photo ~10. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { audio: 50 * MB, image: 20 * MB };
/** The largest upload of any kind: a body longer than this is refused before it is read. */
export const MEDIA_MAX_ANY_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));
/** Decoding a picture takes 4 bytes a pixel: this bounds an upload's memory to ~200 MB. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** How many leading bytes sniffMedia needs. */
export const MEDIA_SNIFF_BYTES = 16;

const count = (n: number) => n.toLocaleString('en-US');

/** What is wrong with a picture of more than MEDIA_MAX_PIXELS pixels, after "This picture". */
export const pixelsProblem = (width: number, height: number) =>
  `is ${count(width)} × ${count(height)} pixels; pictures may have at most ${count(MEDIA_MAX_PIXELS)} pixels`;

export const MEDIA_MESSAGES = {
  notAccepted:
    'This file is not a kind the studio accepts: audio must be MP3, M4A, Ogg or WAV, and pictures JPEG, PNG or WebP.',
  /** For a field that takes one kind: names only the formats that field accepts. */
  notAcceptedAs: (kind: MediaKind) =>
    kind === 'image'
      ? 'This file is not a picture the studio accepts: pictures must be JPEG, PNG or WebP.'
      : 'This file is not audio the studio accepts: audio must be MP3, M4A, Ogg or WAV.',
  empty: 'The file is empty.',
  tooLarge: (kind: MediaKind | null) =>
    kind === 'audio'
      ? `Audio files may be at most ${MEDIA_MAX_BYTES.audio / MB} MB.`
      : kind === 'image'
        ? `Pictures may be at most ${MEDIA_MAX_BYTES.image / MB} MB.`
        : `Files may be at most ${MEDIA_MAX_ANY_BYTES / MB} MB.`,
  tooManyPixels: (width: number, height: number) => `This picture ${pixelsProblem(width, height)}.`,
  unreadable: (label: string) =>
    `This file starts like ${label} but cannot be read as ${label}: it may be damaged or another kind of file.`,
} as const;

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** MP4 brands of audio files (iTunes' M4A/M4B) and of the generic ISO/MP4 files encoders write. */
const MP4_AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'isom', 'iso2', 'mp41', 'mp42']);

/**
 * An MPEG audio frame header: 11 sync bits, then a version, layer, bitrate and sample rate that
 * are not the reserved values (random bytes starting with 0xFF rarely pass all four).
 */
function mpegFrame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const version = (b[1]! >> 3) & 3;
  const layer = (b[1]! >> 1) & 3;
  const bitrate = b[2]! >> 4;
  const rate = (b[2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

const SNIFFERS: [test: (b: Uint8Array) => boolean, what: SniffedMedia][] = [
  [
    (b) => ascii(b, 0, 'ID3') && b[3]! >= 2 && b[3]! <= 4,
    { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg', label: 'MP3 audio' },
  ],
  [mpegFrame, { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg', label: 'MP3 audio' }],
  [
    (b) => ascii(b, 4, 'ftyp') && MP4_AUDIO_BRANDS.has(String.fromCharCode(...b.subarray(8, 12))),
    { kind: 'audio', ext: 'm4a', mime: 'audio/mp4', label: 'M4A audio' },
  ],
  [
    (b) => ascii(b, 0, 'OggS'),
    { kind: 'audio', ext: 'ogg', mime: 'audio/ogg', label: 'Ogg audio' },
  ],
  [
    (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'),
    { kind: 'audio', ext: 'wav', mime: 'audio/wav', label: 'WAV audio' },
  ],
  [
    (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
    { kind: 'image', ext: 'jpg', mime: 'image/jpeg', label: 'a JPEG picture' },
  ],
  [
    (b) => ascii(b, 1, 'PNG') && b[0] === 0x89 && ascii(b, 4, '\r\n\x1a\n'),
    { kind: 'image', ext: 'png', mime: 'image/png', label: 'a PNG picture' },
  ],
  [
    (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
    { kind: 'image', ext: 'webp', mime: 'image/webp', label: 'a WebP picture' },
  ],
];

/** The kind of file `head` (its first MEDIA_SNIFF_BYTES bytes) starts, or null for any other. */
export function sniffMedia(head: Uint8Array): SniffedMedia | null {
  for (const [test, what] of SNIFFERS) if (test(head)) return what;
  return null;
}

/** The MIME type the server answers a pool file with, by the extension it stored it under. */
export function mediaMimeForExt(ext: string): string | null {
  return SNIFFERS.find(([, w]) => w.ext === ext)?.[1].mime ?? null;
}

/** The studio's upload call's answer (docs/studio.md: POST studio/guides/{token}/media). */
export const studioMediaSchema = z.object({
  path: z
    .string()
    .regex(/^media\/[0-9a-f]{64}\.(mp3|m4a|ogg|wav|jpg|png|webp)$/)
    .describe('How the draft names the file: media/{sha256}.{ext}'),
  kind: z.enum(['audio', 'image']),
  mime: z.string(),
  bytes: z.number().int().positive(),
  url: z.string().describe('Where it is served: /studio-media/{sha256}.{ext}'),
  duration_s: z.number().positive().optional().describe('Audio: its length in seconds'),
  width: z.number().int().positive().optional().describe('Pictures: width once upright'),
  height: z.number().int().positive().optional(),
});
export type StudioMedia = z.infer<typeof studioMediaSchema>;
