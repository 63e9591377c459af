import { describe, expect, it } from 'vitest';
import {
  bundleFieldKind,
  bundleMediaProblem,
  isServedMediaName,
  mediaExtOfName,
} from '../../src/index.js';

const hex = (h: string) => Uint8Array.from((h.match(/../g) ?? []).map((b) => parseInt(b, 16)));
const text = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

const JPEG = hex('ffd8ffe000104a464946000101000001');
const PNG = hex('89504e470d0a1a0a0000000d49484452');
const MP3 = hex('49443304000000000023545353450000');
const OGG = text('OggS\0\x02\0\0\0\0\0\0\0\0\0\0');

describe('bundleFieldKind', () => {
  it.each([
    ['$.guide.audio', 'audio'],
    ['$.pois[0].content.en.audio', 'audio'],
    ['$.pois[0].content.pt-BR.audio2', 'audio'],
    ['$.guide.splash', 'image'],
    ['$.guide.images[3]', 'image'],
    ['$.badges[0].levels[1].image', 'image'],
  ])('%s → %s', (at, kind) => expect(bundleFieldKind(at)).toBe(kind));
});

describe('bundleMediaProblem: a bundle file is served only as what its bytes and name agree on', () => {
  it.each([
    ['$.guide.splash', 'media/a.jpg', JPEG],
    ['$.guide.splash', 'media/A.JPEG', JPEG],
    ['$.guide.images[0]', 'media/b.png', PNG],
    ['$.guide.audio', 'media/en.mp3', MP3],
    ['$.pois[0].content.en.audio2', 'media/x.oga', OGG],
  ])('accepts %s = %s', (at, path, head) => expect(bundleMediaProblem(at, path, head)).toBeNull());

  it.each([
    [
      '$.guide.images[0]',
      'media/page.html',
      text('<script src="x.js"></script>'),
      'file "media/page.html" is not a picture (JPEG, PNG or WebP)',
    ],
    [
      '$.guide.splash',
      'media/icon.svg',
      text('<svg xmlns="http://www.w3.org/2000/svg"><script href="x.js"/>'),
      'file "media/icon.svg" is not a picture (JPEG, PNG or WebP)',
    ],
    [
      '$.guide.audio',
      'media/x.js',
      text('window.__xss = 1; //..........'),
      'file "media/x.js" is not audio (MP3, M4A, Ogg or WAV)',
    ],
    // A polyglot: JPEG bytes first, HTML after; named .html it would be served as a page.
    [
      '$.guide.images[0]',
      'media/polyglot.html',
      JPEG,
      'file "media/polyglot.html" is a JPEG picture but its name does not end in .jpg or .jpeg',
    ],
    [
      '$.guide.audio',
      'media/tone.jpg',
      MP3,
      'file "media/tone.jpg" is MP3 audio but its name does not end in .mp3',
    ],
    [
      '$.guide.audio',
      'media/cover.mp3',
      JPEG,
      'file "media/cover.mp3" is not audio (MP3, M4A, Ogg or WAV): its bytes are a JPEG picture',
    ],
    [
      '$.badges[0].image',
      'media/noext',
      PNG,
      'file "media/noext" is a PNG picture but its name does not end in .png',
    ],
  ])('refuses %s = %s', (at, path, head, message) =>
    expect(bundleMediaProblem(at, path, head)).toBe(message),
  );
});

describe('isServedMediaName: the guides’ media route serves pictures and audio only', () => {
  it.each([
    'media/a.jpg',
    'media/A.JPEG',
    'media/b.png',
    'media/c.webp',
    'media/en.mp3',
    'media/en.m4a',
    'media/v.mp4',
    'media/x.ogg',
    'media/x.oga',
    'media/x.opus',
    'media/x.wav',
    'media/old.gif',
    'media/old.avif',
    'media/old.aac',
    'media/old.webm',
    'deep/er/name.with.dots.png',
  ])('serves %s', (path) => expect(isServedMediaName(path)).toBe(true));
  it.each([
    'media/page.html',
    'media/page.htm',
    'media/PAGE.HTML',
    'media/page.xhtml',
    'media/icon.svg',
    'media/icon.svgz',
    'media/feed.xml',
    'media/x.js',
    'media/x.mjs',
    'media/x.css',
    'media/x.json',
    'media/x.pdf',
    'media/noext',
    'media.png/x',
    'media/x.png.html',
    '',
  ])('refuses %s', (path) => expect(isServedMediaName(path)).toBe(false));
});

describe('mediaExtOfName: the one extension each accepted name is stored under', () => {
  it.each([
    ['media/a.jpg', 'jpg'],
    ['media/A.JPEG', 'jpg'],
    ['media/b.png', 'png'],
    ['media/c.webp', 'webp'],
    ['media/en.mp3', 'mp3'],
    ['media/en.m4a', 'm4a'],
    ['media/en.MP4', 'm4a'],
    ['media/x.ogg', 'ogg'],
    ['media/x.oga', 'ogg'],
    ['media/x.opus', 'ogg'],
    ['media/x.wav', 'wav'],
    ['media/old.gif', null],
    ['media/page.html', null],
    ['media/noext', null],
    ['media.ogg/x', null],
  ])('%s → %s', (path, ext) => expect(mediaExtOfName(path)).toBe(ext));
});
