import { describe, expect, it } from 'vitest';
import {
  CAMERA_MESSAGES,
  cameraProblem,
  IMAGE_FILE_MESSAGES,
  imageFileProblem,
  type PickedFile,
} from '../../src/index.js';

describe('cameraProblem', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['NotFoundError', 'no-camera'],
    ['DevicesNotFoundError', 'no-camera'],
    ['OverconstrainedError', 'no-camera'],
    ['NotReadableError', 'busy'],
    ['TrackStartError', 'busy'],
    ['AbortError', 'busy'],
    ['SecurityError', 'insecure'],
    ['TypeError', 'unsupported'],
    ['SomethingElse', 'failed'],
    [undefined, 'failed'],
  ])('%s → %s', (name, problem) => expect(cameraProblem(name)).toBe(problem));
  it('has a title and a text for every problem', () => {
    for (const m of Object.values(CAMERA_MESSAGES)) {
      expect(m.title.length).toBeGreaterThan(5);
      expect(m.text.length).toBeGreaterThan(10);
    }
  });
});

const file = (name: string, type: string, size = 1000): PickedFile => ({ name, type, size });

describe('imageFileProblem', () => {
  it.each<[string, PickedFile[], string | null]>([
    ['a jpg', [file('face.jpg', 'image/jpeg')], null],
    ['a png', [file('face.png', 'image/png')], null],
    ['a webp', [file('face.webp', 'image/webp')], null],
    ['an image without a type, by its name', [file('face.JPEG', '')], null],
    ['nothing', [], 'none'],
    ['two images', [file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')], 'several'],
    ['a text file', [file('notes.txt', 'text/plain')], 'not-image'],
    ['a pdf named .jpg', [file('face.jpg', 'application/pdf')], 'not-image'],
    ['a file without type or image name', [file('face', '')], 'not-image'],
    ['an empty image', [file('face.jpg', 'image/jpeg', 0)], 'empty'],
  ])('%s → %s', (_, files, problem) => expect(imageFileProblem(files)).toBe(problem));
  it('has a message for every problem, the broken file and no face included', () =>
    expect(Object.keys(IMAGE_FILE_MESSAGES).sort()).toEqual(
      ['broken', 'empty', 'no-face', 'none', 'not-image', 'several'].sort(),
    ));
});
