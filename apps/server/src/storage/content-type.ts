import path from 'node:path';

/** Types of the media Earshot stores (bundle media, pool uploads, photos, variants). */
const TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  aac: 'audio/aac',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  json: 'application/json',
  vtt: 'text/vtt',
  txt: 'text/plain',
};

/** The Content-Type a stored file is served with, by its extension. */
export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
