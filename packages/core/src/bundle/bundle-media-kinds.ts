import { sniffMedia, type MediaExt, type MediaKind } from '../media/media-sniff.js';

/**
 * What a bundle's media file must be. The server answers media with the type its name's
 * extension says, so a bundle could otherwise ship `page.html` or `icon.svg` with a `<script
 * src>` of its own `x.js` and run it on our origin ('self' scripts pass the CSP). A file is
 * accepted only when its bytes are the kind its field needs and its name ends as that kind's.
 */
const EXTENSIONS: Record<MediaExt, readonly string[]> = {
  mp3: ['mp3'],
  m4a: ['m4a', 'mp4'],
  ogg: ['ogg', 'oga', 'opus'],
  wav: ['wav'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
};

/** The kind of file a bundle field names: `…audio` and `…audio2` audio, every other a picture. */
export const bundleFieldKind = (at: string): MediaKind =>
  /\.audio2?$/.test(at) ? 'audio' : 'image';

const KIND_TEXT: Record<MediaKind, string> = {
  audio: 'audio (MP3, M4A, Ogg or WAV)',
  image: 'a picture (JPEG, PNG or WebP)',
};

/**
 * Why the file at `path`, named by the bundle field `at` and starting with `head` (at least
 * MEDIA_SNIFF_BYTES bytes), cannot be served; null when it can.
 */
export function bundleMediaProblem(at: string, path: string, head: Uint8Array): string | null {
  const want = bundleFieldKind(at);
  const sniffed = sniffMedia(head);
  if (!sniffed || sniffed.kind !== want)
    return `file "${path}" is not ${KIND_TEXT[want]}${sniffed ? `: its bytes are ${sniffed.label}` : ''}`;
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  const names = EXTENSIONS[sniffed.ext];
  if (!names.includes(ext))
    return `file "${path}" is ${sniffed.label} but its name does not end in .${names.join(' or .')}`;
  return null;
}

/**
 * The extension of the kind an accepted name says (`.oga` and `.opus` are Ogg, `.mp4` is M4A,
 * `.jpeg` is JPEG), or null for a name no bundle field accepts. The studio's pool stores a file
 * under this one, the extension it serves with the type the studio's player and pictures take.
 */
export function mediaExtOfName(path: string): MediaExt | null {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  const found = Object.entries(EXTENSIONS).find(([, names]) => names.includes(ext));
  return found ? (found[0] as MediaExt) : null;
}

/** Media older imports may hold (before bundleMediaProblem): pictures and audio that run nothing. */
const EARLIER = ['gif', 'avif', 'aac', 'webm'];
const SERVED = new Set([...Object.values(EXTENSIONS).flat(), ...EARLIER]);

/**
 * Whether the guides' media route (/static/tours/…) serves a file of this name: pictures and
 * audio only, by its extension. A guide imported before the media check may hold a page, an
 * SVG (it can carry script), XML or a script beside its media; served with the type its name
 * says, it would run on our origin, so it answers 404 instead (a download with a safe type
 * would still hand our origin's file to whoever is sent the link).
 */
export function isServedMediaName(path: string): boolean {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  return ext !== undefined && SERVED.has(ext);
}
