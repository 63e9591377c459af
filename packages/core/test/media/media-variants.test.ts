import { describe, expect, it } from 'vitest';
import {
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  imageOriginalUrl,
  imageSource,
  imageVariantUrl,
  isImageWidth,
  isResizableImage,
} from '../../src/index.js';

const POOL = `/studio-media/${'ab'.repeat(32)}`;

describe('which pictures have variants', () => {
  it.each([
    ['/static/tours/3/media/splash.jpg?v=1a2b', true],
    ['/static/tours/3/media/stop.JPEG?v=1a2b', true],
    ['/static/tours/12/media/a/b.png', true],
    ['/static/tours/12/media/b.webp?v=9', true],
    [`${POOL}.jpg`, true],
    [`${POOL}.webp`, true],
    ['/static/placeholder.svg', false],
    ['/static/tours/3/media/logo.svg?v=1', false],
    ['/static/tours/3/media/en.mp3?v=1', false],
    ['/static/answers/abc.jpg', false],
    [`${POOL}.mp3`, false],
    ['/studio-media/short.jpg', false],
    ['https://example.org/static/tours/3/a.jpg', false],
  ])('%s: %s', (url, yes) => {
    expect(isResizableImage(url)).toBe(yes);
  });
});

describe('variant URLs', () => {
  it.each([
    ['/static/tours/3/media/a.jpg?v=1a2b', 224, '/static/tours/3/media/a.jpg?v=1a2b&w=224'],
    [`${POOL}.png`, 800, `${POOL}.png?w=800`],
  ] as const)('%s at %i', (url, w, want) => {
    expect(imageVariantUrl(url, w)).toBe(want);
    expect(imageOriginalUrl(want)).toBe(url);
  });

  it('the original of an absolute URL keeps its origin; a URL without w is no variant', () => {
    expect(imageOriginalUrl('http://localhost:3000/static/tours/3/a.jpg?v=1&w=480')).toBe(
      'http://localhost:3000/static/tours/3/a.jpg?v=1',
    );
    expect(imageOriginalUrl('/static/tours/3/a.jpg?v=1')).toBeNull();
  });

  it.each([
    [224, true],
    [1600, true],
    [225, false],
    [0, false],
    [100000, false],
  ])('width %i is made: %s', (w, yes) => {
    expect(isImageWidth(w)).toBe(yes);
  });
});

describe('srcset and sizes of a picture (imageSource)', () => {
  it('our picture: every width, the slot sizes, the original as src', () => {
    const url = '/static/tours/3/media/a.jpg?v=1a2b';
    expect(imageSource(url, 'listCard')).toEqual({
      src: url,
      srcSet: IMAGE_WIDTHS.map((w) => `${url}&w=${w} ${w}w`).join(', '),
      sizes: '(min-width: 1040px) 360px, (min-width: 720px) 50vw, 112px',
    });
  });

  it('the 112 px card has a variant close to its size at 2×, and widths grow', () => {
    expect(IMAGE_WIDTHS[0]).toBe(224);
    expect([...IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS]);
    expect(Object.keys(IMAGE_SIZES)).toEqual([
      'listCard',
      'thumb',
      'detail',
      'dialog',
      'fullScreen',
      'splash',
    ]);
  });

  it('the splash covers the screen: sized by its height on a portrait screen', () => {
    const url = '/static/tours/3/media/splash.jpg?v=1a2b';
    expect(imageSource(url, 'splash')).toEqual({
      src: url,
      srcSet: IMAGE_WIDTHS.map((w) => `${url}&w=${w} ${w}w`).join(', '),
      sizes: '(orientation: portrait) 150vh, 100vw',
    });
  });

  it('any other picture: the URL alone', () => {
    expect(imageSource('/static/placeholder.svg', 'detail')).toEqual({
      src: '/static/placeholder.svg',
    });
    expect(imageSource('https://example.org/a.jpg', 'detail')).toEqual({
      src: 'https://example.org/a.jpg',
    });
  });
});
