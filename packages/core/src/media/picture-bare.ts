/**
 * Whether a picture's bytes hold its pixels and nothing else (docs/security.md, "Bundles, pictures
 * and bodies are bounded"): no EXIF, GPS, XMP, IPTC, ICC profile, comment, text chunk, thumbnail,
 * second image or bytes after its end. A picture that is not bare is re-encoded before it is
 * published; a bare one is kept as it is, so a picture the server already re-encoded (an upload, an
 * earlier import, an export) is not encoded a second time and keeps its bytes and its URL.
 *
 * Deliberately a list of what may be there, not of what may not: anything unusual (an Adobe
 * segment, an animation, a chunk this does not know) counts as not bare, and the only cost of
 * that is one re-encoding.
 */
export function barePicture(b: Uint8Array): boolean {
  if (b[0] === 0xff && b[1] === 0xd8) return bareJpeg(b);
  if (ascii(b, 0, '\x89PNG\r\n\x1a\n')) return barePng(b);
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return bareWebp(b);
  return false;
}

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** Table segments: Huffman (DHT), arithmetic conditioning (DAC), quantisation (DQT), restart interval (DRI). */
const JPEG_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdd]);
/** Start of frame, every coding (0xc4, 0xc8 and 0xcc are other markers of the range). */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && !JPEG_TABLES.has(m) && m !== 0xc8;

/** A JFIF header (APP0) without a thumbnail: "JFIF\0", version, units, densities, 0 × 0. */
const bareJfif = (b: Uint8Array, at: number, length: number) =>
  length === 16 && ascii(b, at + 4, 'JFIF\0') && b[at + 16] === 0 && b[at + 17] === 0;

function bareJpeg(b: Uint8Array): boolean {
  let i = 2;
  let frame = false;
  let scanned = false;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // a fill byte before a marker
      continue;
    }
    if (marker === 0xd9) return scanned && i + 2 === b.length; // nothing after the end
    if (i + 4 > b.length) return false;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return false;
    if (marker === 0xe0) {
      if (!bareJfif(b, i, length)) return false;
    } else if (isFrame(marker)) frame = true;
    else if (marker !== 0xda && !JPEG_TABLES.has(marker)) return false; // APPn, COM, …
    if (marker === 0xda && !frame) return false;
    i += 2 + length;
    if (marker !== 0xda) continue;
    scanned = true;
    // The coded data runs to the next marker: 0xff in it is followed by 0x00 (stuffed) or a
    // restart marker (0xd0–0xd7), which belong to the data.
    for (;;) {
      i = b.indexOf(0xff, i);
      if (i < 0 || i + 1 >= b.length) return false;
      const next = b[i + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
      else if (next === 0xff) i++;
      else break;
    }
  }
  return false;
}

/** Chunks that draw the picture or say how (colour space, gamma, pixel size): no text, no time. */
const PNG_BARE = new Set([
  'IHDR',
  'PLTE',
  'tRNS',
  'IDAT',
  'IEND',
  'pHYs',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
]);

function barePng(b: Uint8Array): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 8;
  if (!ascii(b, 12, 'IHDR')) return false;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const type = fourcc(b, i + 4);
    if (!PNG_BARE.has(type)) return false;
    i += 12 + length;
    if (type === 'IEND') return i === b.length;
  }
  return false;
}

/** A still picture: its extended header, alpha and one image chunk (no ICCP, EXIF, XMP, ANIM). */
const WEBP_BARE = new Set(['VP8X', 'ALPH', 'VP8 ', 'VP8L']);

function bareWebp(b: Uint8Array): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (view.getUint32(4, true) + 8 !== b.length) return false;
  let i = 12;
  let images = 0;
  while (i + 8 <= b.length) {
    const type = fourcc(b, i);
    if (!WEBP_BARE.has(type) || (type === 'VP8X' && i !== 12)) return false;
    if (type === 'VP8 ' || type === 'VP8L') images++;
    const length = view.getUint32(i + 4, true);
    i += 8 + length + (length % 2);
  }
  return i === b.length && images === 1;
}
