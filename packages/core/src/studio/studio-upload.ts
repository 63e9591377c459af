import type { ImageWidth } from '../media/media-variants.js';

/**
 * The studio's media field (docs/studio.md "Media", web side): which files it offers, where a
 * draft's media path is served, and what a failed upload tells the publisher.
 */
export type StudioMediaKind = 'audio' | 'image';

/** What the file chooser offers (the server checks the content again: docs/studio.md). */
export const STUDIO_MEDIA_ACCEPT: Record<StudioMediaKind, string> = {
  audio: 'audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/wav,audio/x-wav,.mp3,.m4a,.ogg,.wav',
  image: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
};

/** The kinds named to the publisher, e.g. in the drop zone's hint. */
export const STUDIO_MEDIA_TYPES: Record<StudioMediaKind, string> = {
  audio: 'MP3, M4A, OGG or WAV',
  image: 'JPEG, PNG or WebP',
};

const POOL_PATH = /^media\/([0-9a-f]{64}\.[a-z0-9]{2,5})$/;

/**
 * Where a draft's media path is served: a pool file `media/{sha256}.{ext}` at
 * `/studio-media/{sha256}.{ext}`; null for any other path (a bundle's own file that the
 * studio has no URL for).
 */
export function studioMediaUrl(path: string | undefined, width?: ImageWidth): string | null {
  const m = path ? POOL_PATH.exec(path) : null;
  if (!m) return null;
  return `/studio-media/${m[1]}${width ? `?w=${width}` : ''}`;
}

/** The last part of a path, for showing which file a field holds. */
export const mediaFileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * What a failed upload says: the server's own message (400 bad file, 413 too large, 415 not
 * a type it takes) when its answer's JSON `body` gave one, else a sentence for the status.
 */
export function uploadFailure(status: number, body: unknown): string {
  const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = answer.message ?? answer.error;
  if (typeof message === 'string' && message.trim() !== '') return message.trim();
  if (status === 0)
    return 'The upload did not reach the server. Check the connection and try again.';
  if (status === 401) return 'You are signed out. Sign in again to upload.';
  if (status === 413) return 'This file is too large.';
  if (status === 415) return 'This type of file cannot be used here.';
  return `The upload failed (${status}). Try again.`;
}

/** Seconds as m:ss (or h:mm:ss), cut to the second as the browser's player shows them. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.floor(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
