import { describe, expect, it } from 'vitest';
import {
  idParam,
  isValidId,
  isValidPlace,
  isValidPlaceSegment,
  isValidToken,
  normaliseGuideToken,
  tokenParam,
} from '../src/index.js';

describe('route parameters (SPEC §5)', () => {
  it.each([
    ['riverfront-walk', true],
    ['A_b&C-9', true],
    ['', false],
    ['has space', false],
    ['semi;colon', false],
    ['dot.dot', false],
    ['émile', false],
  ])('token %j valid: %s', (value, ok) => {
    expect(isValidToken(value)).toBe(ok);
    expect(tokenParam.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['portland', true],
    ['Coeur-d’Alene', true],
    ['St.Louis', true],
    ['new york', false],
    ['', false],
  ])('city/state/search %j valid: %s', (value, ok) => {
    expect(isValidPlace(value)).toBe(ok);
  });

  it.each([
    ['12', true, 12],
    ['0', true, 0],
    ['1.5', false, null],
    ['-1', false, null],
    ['abc', false, null],
  ])('id %j valid: %s', (value, ok, parsed) => {
    expect(isValidId(value)).toBe(ok);
    const r = idParam.safeParse(value);
    expect(r.success).toBe(ok);
    if (r.success) expect(r.data).toBe(parsed);
  });

  it.each([
    ['walk%20', 'walk'],
    ['walk ', 'walk'],
    ['walk%20%20', 'walk'],
    ['walk', 'walk'],
    ['a%20b', 'a%20b'],
  ])('guide token %j is read as %j', (raw, token) => {
    expect(normaliseGuideToken(raw)).toBe(token);
  });
});

describe('isValidPlaceSegment (checked as encoded in the URL)', () => {
  it.each([
    ['San Francisco', true],
    ['portland', true],
    ['Coeur d’Alene', true],
    ['', false],
    ['x'.repeat(201), false],
  ])('%j → %s', (value, ok) => expect(isValidPlaceSegment(value)).toBe(ok));
});
