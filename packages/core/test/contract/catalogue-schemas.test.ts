import { describe, expect, it } from 'vitest';
import {
  clustersQuerySchema,
  encodeCursor,
  toursPageQuerySchema,
  toursSearchQuerySchema,
} from '../../src/index.js';

const cursor = encodeCursor({ order: 'state', keys: ['oregon', 'portland', 1, 'murals', 7] });

describe('tours/page query', () => {
  it.each([
    [{}, { order: 'state' }],
    [
      { order: 'city-desc', from: 'm', limit: '50' },
      { order: 'city-desc', from: 'm', limit: 50 },
    ],
    [
      { state: 'New York', city_id: '12' },
      { order: 'state', state: 'New York', city_id: 12 },
    ],
  ])('accepts %j', (q, parsed) => {
    expect(toursPageQuerySchema.parse(q)).toEqual(parsed);
  });
  it('decodes the cursor', () => {
    expect(toursPageQuerySchema.parse({ after: cursor }).after?.keys).toEqual([
      'oregon',
      'portland',
      1,
      'murals',
      7,
    ]);
  });
  it.each([
    ['limit above a page', { limit: '201' }],
    ['limit 0', { limit: '0' }],
    ['unknown order', { order: 'title' }],
    ['a cursor of another order', { after: cursor, order: 'city' }],
    ['a made-up cursor', { after: 'abc' }],
    ['from not a letter', { from: '1' }],
    ['from upper case', { from: 'M' }],
    ['city_id beyond integer range', { city_id: '2147483648' }],
    ['an unknown parameter', { offset: '10' }],
    ['a control character in state', { state: 'a\u0000b' }],
  ])('refuses %s', (_name, q) => {
    expect(toursPageQuerySchema.safeParse(q).success).toBe(false);
  });
});

describe('tours/search query', () => {
  it.each([
    [{ q: 'wal' }, { q: 'wal' }],
    [
      { q: '  walla   walla ', limit: '5' },
      { q: 'walla walla', limit: 5 },
    ],
  ])('accepts %j', (q, parsed) => expect(toursSearchQuerySchema.parse(q)).toEqual(parsed));
  it.each([
    ['two characters (SPEC §9 minimum match length)', { q: 'wa' }],
    ['two characters after trimming', { q: '  wa  ' }],
    ['no q', {}],
    ['more than 30 results', { q: 'walla', limit: '31' }],
    ['a very long query', { q: 'x'.repeat(101) }],
  ])('refuses %s', (_name, q) => {
    expect(toursSearchQuerySchema.safeParse(q).success).toBe(false);
  });
});

describe('clusters query', () => {
  it('reads bbox and zoom', () => {
    expect(clustersQuerySchema.parse({ bbox: '-180,-85,180,85', zoom: '1' })).toEqual({
      bbox: { w: -180, s: -85, e: 180, n: 85 },
      zoom: 1,
    });
  });
  it.each([
    ['three numbers', { bbox: '1,2,3', zoom: '1' }],
    ['five numbers', { bbox: '1,2,3,4,5', zoom: '1' }],
    ['a word', { bbox: '1,2,x,4', zoom: '1' }],
    ['an empty part', { bbox: '1,,3,4', zoom: '1' }],
    ['latitude beyond the pole', { bbox: '0,-91,10,10', zoom: '1' }],
    ['zoom 23', { bbox: '0,0,10,10', zoom: '23' }],
    ['no zoom', { bbox: '0,0,10,10' }],
  ])('refuses %s', (_name, q) => {
    expect(clustersQuerySchema.safeParse(q).success).toBe(false);
  });
});
