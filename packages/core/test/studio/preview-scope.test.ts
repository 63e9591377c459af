import { describe, expect, it } from 'vitest';
import { inPreview, isPreviewToken } from '../../src/studio/preview-scope.js';

const T = 'a'.repeat(20) + 'B_-'.repeat(7) + 'zz';

describe('isPreviewToken', () => {
  it.each([
    [T, true],
    ['x'.repeat(43), true],
    ['x'.repeat(42), false],
    ['x'.repeat(44), false],
    ['riverfront-sculpture-walk', false],
    [`${'x'.repeat(42)}=`, false],
    [`${'x'.repeat(42)}.`, false],
    [undefined, false],
    [42, false],
  ])('%s → %s', (value, expected) => expect(isPreviewToken(value)).toBe(expected));
});

describe('inPreview', () => {
  it.each([
    ['challenges/7/', null, 'challenges/7/'],
    ['challenges/7/', undefined, 'challenges/7/'],
    ['challenges/7/', '', 'challenges/7/'],
    ['challenges/7/', T, `challenges/7/?preview=${T}`],
    ['challenges?poi=3', T, `challenges?poi=3&preview=${T}`],
    ['/static/tours/9/a.jpg?v=abc', T, `/static/tours/9/a.jpg?v=abc&preview=${T}`],
    [`pois?preview=${T}`, T, `pois?preview=${T}`],
    [`pois?limit=1&preview=${T}`, T, `pois?limit=1&preview=${T}`],
    ['pois?nopreview=1', T, `pois?nopreview=1&preview=${T}`],
  ])('%s in %s → %s', (url, token, expected) => expect(inPreview(url, token)).toBe(expected));
});
