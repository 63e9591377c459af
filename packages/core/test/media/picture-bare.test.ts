import { describe, expect, it } from 'vitest';
import { barePicture } from '../../src/index.js';

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Uint8Array.from(
    parts.flatMap((p) =>
      typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : Array.from(p),
    ),
  );

// JPEG: a segment is 0xff, its marker, a two-byte length (itself included) and its payload.
const seg = (marker: number, payload: number[] | string) => {
  const body = typeof payload === 'string' ? [...payload].map((c) => c.charCodeAt(0)) : payload;
  return [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
};
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const JFIF = seg(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0');
const DQT = seg(0xdb, new Array<number>(65).fill(1));
const SOF0 = seg(0xc0, [8, 0, 6, 0, 8, 1, 1, 0x11, 0]);
const SOF2 = seg(0xc2, [8, 0, 6, 0, 8, 1, 1, 0x11, 0]);
const DHT = seg(0xc4, new Array<number>(20).fill(0));
const SOS = seg(0xda, [1, 1, 0, 0, 63, 0]);
/** Coded data holding a stuffed 0xff and a restart marker, as real scans do. */
const DATA = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
const jpeg = (...segments: number[][]) => bytes(SOI, ...segments, EOI);
const PLAIN_JPEG = [DQT, SOF0, DHT, SOS, DATA];

// PNG: a chunk is its length, its type, its data and a CRC (not checked here).
const chunk = (type: string, length = 4) => {
  const n = [length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  return bytes(n, type, new Uint8Array(length), [0, 0, 0, 0]);
};
const png = (...types: string[]) =>
  bytes(
    '\x89PNG\r\n\x1a\n',
    ...types.map((t) => (t === 'IHDR' ? chunk(t, 13) : t === 'IEND' ? chunk(t, 0) : chunk(t))),
  );

// WebP: RIFF, its size, WEBP and chunks of a fourcc, a little-endian size and the (even) data.
const riffChunk = (type: string, length: number) =>
  bytes(type, [length & 0xff, length >> 8, 0, 0], new Uint8Array(length + (length % 2)));
const webp = (...chunks: Uint8Array[]) => {
  const body = bytes(...chunks);
  const size = body.length + 4;
  return bytes('RIFF', [size & 0xff, size >> 8, 0, 0], 'WEBP', body);
};

describe('barePicture: pixels and nothing else', () => {
  it.each([
    ['a baseline JPEG (as sharp writes it)', jpeg(...PLAIN_JPEG)],
    ['a JPEG with a JFIF header', jpeg(JFIF, ...PLAIN_JPEG)],
    ['a progressive JPEG of several scans', jpeg(DQT, SOF2, DHT, SOS, DATA, DHT, SOS, DATA)],
    ['a JPEG with fill bytes before a marker', jpeg(DQT, SOF0, DHT, SOS, [...DATA, 0xff])],
    ['a PNG', png('IHDR', 'IDAT', 'IEND')],
    [
      'a PNG with a palette, transparency and pixel size',
      png('IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IDAT', 'IEND'),
    ],
    ['a lossy WebP', webp(riffChunk('VP8 ', 30))],
    ['a lossless WebP of odd length', webp(riffChunk('VP8L', 17))],
    ['a WebP with alpha', webp(riffChunk('VP8X', 10), riffChunk('ALPH', 9), riffChunk('VP8 ', 30))],
  ])('%s is bare', (_what, picture) => expect(barePicture(picture)).toBe(true));

  it.each([
    ['a JPEG with EXIF (APP1)', jpeg(seg(0xe1, 'Exif\0\0MM'), ...PLAIN_JPEG)],
    [
      'a JPEG with XMP (APP1)',
      jpeg(seg(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x/>'), ...PLAIN_JPEG),
    ],
    ['a JPEG with an ICC profile (APP2)', jpeg(seg(0xe2, 'ICC_PROFILE\0'), ...PLAIN_JPEG)],
    ['a JPEG with IPTC (APP13)', jpeg(seg(0xed, 'Photoshop 3.0\0'), ...PLAIN_JPEG)],
    ['a JPEG with a comment', jpeg(seg(0xfe, 'taken at home'), ...PLAIN_JPEG)],
    [
      'a JPEG with a JFIF thumbnail',
      jpeg(seg(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\x01\x01\0\0\0'), ...PLAIN_JPEG),
    ],
    [
      'a JPEG with a comment between its scans',
      jpeg(DQT, SOF2, DHT, SOS, DATA, seg(0xfe, 'x'), SOS, DATA),
    ],
    ['a JPEG with bytes after its end (a polyglot)', bytes(jpeg(...PLAIN_JPEG), '<html>')],
    ['a JPEG with a second picture after its end', bytes(jpeg(...PLAIN_JPEG), jpeg(...PLAIN_JPEG))],
    ['a JPEG without its end', bytes(SOI, ...PLAIN_JPEG)],
    ['a JPEG without a scan', jpeg(DQT, SOF0, DHT)],
    ['a JPEG scan before its frame', jpeg(DQT, DHT, SOS, DATA, SOF0)],
    ['a JPEG whose segment runs past its end', bytes(SOI, [0xff, 0xdb, 0x10, 0x00])],
    ['a PNG with text', png('IHDR', 'tEXt', 'IDAT', 'IEND')],
    ['a PNG with international text (XMP)', png('IHDR', 'iTXt', 'IDAT', 'IEND')],
    ['a PNG with EXIF', png('IHDR', 'eXIf', 'IDAT', 'IEND')],
    ['a PNG with an ICC profile', png('IHDR', 'iCCP', 'IDAT', 'IEND')],
    ['a PNG with a time', png('IHDR', 'tIME', 'IDAT', 'IEND')],
    ['an animated PNG', png('IHDR', 'acTL', 'fcTL', 'IDAT', 'IEND')],
    ['a PNG with bytes after its end', bytes(png('IHDR', 'IDAT', 'IEND'), 'x')],
    ['a PNG without its end', png('IHDR', 'IDAT')],
    ['a PNG not starting with its header', png('IDAT', 'IHDR', 'IEND')],
    ['a WebP with EXIF', webp(riffChunk('VP8X', 10), riffChunk('VP8 ', 30), riffChunk('EXIF', 8))],
    ['a WebP with XMP', webp(riffChunk('VP8X', 10), riffChunk('VP8 ', 30), riffChunk('XMP ', 8))],
    [
      'a WebP with an ICC profile',
      webp(riffChunk('VP8X', 10), riffChunk('ICCP', 8), riffChunk('VP8 ', 30)),
    ],
    ['an animated WebP', webp(riffChunk('VP8X', 10), riffChunk('ANIM', 6), riffChunk('ANMF', 30))],
    ['a WebP of two pictures', webp(riffChunk('VP8 ', 30), riffChunk('VP8 ', 30))],
    ['a WebP with bytes after its end', bytes(webp(riffChunk('VP8 ', 30)), 'xx')],
    ['a GIF', bytes('GIF89a', new Uint8Array(20))],
    ['nothing', new Uint8Array(0)],
  ])('%s is not bare', (_what, picture) => expect(barePicture(picture)).toBe(false));
});
