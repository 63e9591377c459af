import { describe, expect, it } from 'vitest';
import type { ImageWidth } from '../../src/media/media-variants.js';
import {
  formatDuration,
  mediaFileName,
  studioMediaUrl,
  uploadFailure,
} from '../../src/studio/studio-upload.js';

const sha = 'a'.repeat(64);

describe('studioMediaUrl', () => {
  // Only the widths the server makes (IMAGE_WIDTHS): any other answers 400, so the type refuses it.
  it.each<[string | undefined, ImageWidth | undefined, string | null]>([
    [`media/${sha}.jpg`, undefined, `/studio-media/${sha}.jpg`],
    [`media/${sha}.mp3`, undefined, `/studio-media/${sha}.mp3`],
    [`media/${sha}.webp`, 480, `/studio-media/${sha}.webp?w=480`],
    ['media/fountain.jpg', undefined, null],
    [`media/${sha}.jpg/../x`, undefined, null],
    [`other/${sha}.jpg`, undefined, null],
    [undefined, undefined, null],
  ])('%s (w=%s) → %s', (path, width, url) => {
    expect(studioMediaUrl(path, width)).toBe(url);
  });

  it('names the file of a path', () => {
    expect(mediaFileName(`media/${sha}.jpg`)).toBe(`${sha}.jpg`);
    expect(mediaFileName('x.jpg')).toBe('x.jpg');
  });
});

describe('uploadFailure', () => {
  it.each([
    [415, { message: 'Only MP3, M4A, OGG or WAV audio' }, 'Only MP3, M4A, OGG or WAV audio'],
    [413, { message: 'The file is larger than 50 MB' }, 'The file is larger than 50 MB'],
    [400, { error: 'Not an image' }, 'Not an image'],
    [413, null, 'This file is too large.'],
    [415, 'not json', 'This type of file cannot be used here.'],
    [401, {}, 'You are signed out. Sign in again to upload.'],
    [0, null, 'The upload did not reach the server. Check the connection and try again.'],
    [500, { message: '  ' }, 'The upload failed (500). Try again.'],
    [400, { message: 7, error: 'Bad' }, 'The upload failed (400). Try again.'],
  ])('%i %j', (status, body, message) => {
    expect(uploadFailure(status, body)).toBe(message);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0:00'],
    [9.6, '0:09'],
    [75, '1:15'],
    [3671, '1:01:11'],
    [Number.NaN, '--:--'],
    [Number.POSITIVE_INFINITY, '--:--'],
  ])('duration %f → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});
