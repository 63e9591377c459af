import { describe, expect, it } from 'vitest';
import {
  boundedIntParam,
  createGuideSchema,
  guideBundleSchema,
  idParam,
  MAX_ID,
  isValidId,
  isValidPlace,
  isValidPlaceSegment,
  guideTokenFromPath,
  isValidToken,
  placeParam,
  TOKEN_MAX,
  TOKEN_MESSAGE,
  tokenParam,
  userIdParam,
} from '../../src/index.js';

describe('route parameters (SPEC §5)', () => {
  it.each([
    ['riverfront-walk', true],
    ['A_b&C-9', true],
    ['', false],
    ['has space', false],
    ['semi;colon', false],
    ['dot.dot', false],
    ['émile', false],
    ['a'.repeat(TOKEN_MAX), true],
    ['a'.repeat(TOKEN_MAX + 1), false],
  ])('token %j valid: %s', (value, ok) => {
    expect(isValidToken(value)).toBe(ok);
    expect(tokenParam.safeParse(value).success).toBe(ok);
  });

  it('has one length for every token: what the database stores', () => expect(TOKEN_MAX).toBe(120));

  // One rule for a token wherever one is given: a route, a bundle, a new guide in the studio.
  it.each([
    ['riverfront-walk', true],
    ['', false],
    ['dot.dot', false],
    ['a'.repeat(TOKEN_MAX), true],
    ['a'.repeat(TOKEN_MAX + 1), false],
  ])('token %j valid in a bundle and a new guide alike: %s', (value, ok) => {
    expect(guideBundleSchema.shape.guide.shape.token.safeParse(value).success).toBe(ok);
    const guide = { organisation_id: 1, title: 'Walk', city: { name: 'Portland', state: 'OR' } };
    expect(createGuideSchema.safeParse({ ...guide, token: value }).success).toBe(ok);
  });

  it.each(['has space', 'dot.dot', 'émile'])('names the allowed characters for %j', (value) =>
    expect(tokenParam.safeParse(value).error?.issues[0]?.message).toBe(TOKEN_MESSAGE),
  );

  it.each([
    ['kQ3xJ9vT2mNp8LwR5sYb1cHd4fGe7aZu', true],
    ['user-1_b', true],
    ['', false],
    ['a'.repeat(65), false],
    ['nul\u0000byte', false],
    ['sp ace', false],
    ['émile', false],
    ['../admin', false],
  ])('user id %j valid: %s', (value, ok) => {
    const r = userIdParam.safeParse(value);
    expect(r.success).toBe(ok);
    if (!ok && value) expect(r.error?.issues[0]?.message).toMatch(/user id|Too big/);
  });

  // A path segment (SPEC §5) is checked as it stands in the URL, percent-encoded: no space.
  it.each([
    ['portland', true],
    ['Coeur-d’Alene', true],
    ['St.Louis', true],
    ['new york', false],
    ['', false],
  ])('city/state/search segment %j valid: %s', (value, ok) => {
    expect(isValidPlace(value)).toBe(ok);
  });

  // A query or body value (`cities?name=`, `city__name=`, an event's place) arrives decoded:
  // a city's own name, spaces and all.
  it.each([
    ['portland', true],
    ['Coeur-d’Alene', true],
    ['St.Louis', true],
    ['San Francisco', true],
    ['St. Paul', true],
    ['Salt Lake City', true],
    ['new york', true],
    ['Winston-Salem', true],
    ['São Paulo', true],
    ['Mexico\u00a0City', true],
    ['x'.repeat(200), true],
    ['', false],
    [' ', false],
    ['   ', false],
    ['x'.repeat(201), false],
    ['a '.repeat(150), false],
  ])('city/state/search value %j valid: %s', (value, ok) => {
    expect(placeParam.safeParse(value).success).toBe(ok);
  });

  it.each([
    'Port\u0000land',
    '\u0000',
    'a\u001fb',
    'del\u007f',
    'San\tFrancisco',
    'San\nFrancisco',
    'San Francisco\r\n',
    'St.\u2028Paul',
    'St.\u2029Paul',
    'Paul\u202eSt',
    'a\u2066b',
    'a\u0085b',
  ])('a place %j with a control character is refused with a message', (value) => {
    const r = placeParam.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Control characters are not allowed');
  });

  it.each(['', ' ', '  \u00a0 '])('a blank place %j is refused with a message', (value) => {
    const r = placeParam.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain('A place name cannot be blank');
  });

  it.each([
    ['12', true, 12],
    ['1', true, 1],
    ['007', true, 7],
    ['2147483647', true, MAX_ID],
    ['0', false, null],
    ['2147483648', false, null],
    ['99999999999', false, null],
    ['9'.repeat(400), false, null],
    ['1.5', false, null],
    ['1e3', false, null],
    ['-1', false, null],
    ['+1', false, null],
    [' 1', false, null],
    ['', false, null],
    ['abc', false, null],
    ['١٢', false, null],
  ])('id %j valid: %s', (value, ok, parsed) => {
    expect(isValidId(value)).toBe(ok);
    const r = idParam.safeParse(value);
    expect(r.success).toBe(ok);
    if (r.success) expect(r.data).toBe(parsed);
    else expect(r.error.issues[0]!.message).toBe('An id is a whole number from 1 to 2147483647');
  });

  it.each([
    ['0', 0],
    ['100', 100],
    ['101', null],
    ['-1', null],
    ['1'.repeat(30), null],
  ])('bounded whole number 0..100 %j → %j', (value, parsed) => {
    const r = boundedIntParam(0, 100, 'from 0 to 100').safeParse(value);
    expect(r.success ? r.data : null).toBe(parsed);
    if (!r.success) expect(r.error.issues[0]!.message).toBe('from 0 to 100');
  });

  // SPEC §2: a trailing encoded space is stripped.
  it.each([
    ['walk%20', 'walk'],
    ['walk ', 'walk'],
    ['walk%20%20', 'walk'],
    ['walk', 'walk'],
    ['a%20b', 'a%20b'],
    ['riverfront', 'riverfront'],
    ['riverfront%20', 'riverfront'],
    ['riverfront%20%20', 'riverfront'],
    ['riverfront ', 'riverfront'],
    ['river%20front', 'river%20front'],
    ['riverfront%20 %20\t', 'riverfront'],
    ['', ''],
  ])('guide token %j is read as %j', (raw, token) => {
    expect(guideTokenFromPath(raw)).toBe(token);
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
