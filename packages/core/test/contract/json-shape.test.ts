import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shapeMismatch, type JsonShape } from '../../src/contract/json-shape.js';

const shape = (schema: z.ZodType) => z.toJSONSchema(schema) as JsonShape;

const poi = z.object({
  token: z.string(),
  lat: z.number(),
  layer: z.number().nullable(),
  kind: z.enum(['a', 'b']),
  status: z.literal('data'),
  at: z.tuple([z.number(), z.number()]),
  texts: z.record(z.string(), z.object({ title: z.string() })),
  note: z.string().optional(),
  n: z.number().int(),
});
const ok = {
  token: 't',
  lat: 45.5,
  layer: null,
  kind: 'a',
  status: 'data',
  at: [1, 2],
  texts: { en: { title: 'x' } },
  n: 3,
};

describe('shapeMismatch (the API answers checked without zod)', () => {
  it.each<[string, unknown, string | null]>([
    ['a value that fits', ok, null],
    ['a key zod would strip (ignored)', { ...ok, extra: 1 }, null],
    ['an optional key given', { ...ok, note: 'n' }, null],
    ['a missing key', { ...ok, token: undefined }, '$.token'],
    ['a wrong type', { ...ok, lat: '45' }, '$.lat'],
    ['NaN as a number', { ...ok, lat: NaN }, '$.lat'],
    ['a float for an integer', { ...ok, n: 1.5 }, '$.n'],
    ['null where not nullable', { ...ok, token: null }, '$.token'],
    ['a number where nullable', { ...ok, layer: 2 }, null],
    ['a value outside the enum', { ...ok, kind: 'c' }, '$.kind'],
    ['another literal', { ...ok, status: 'error' }, '$.status'],
    ['a short tuple', { ...ok, at: [1] }, '$.at'],
    ['a wrong tuple item', { ...ok, at: [1, 'x'] }, '$.at[1]'],
    ['a wrong record value', { ...ok, texts: { en: { title: 2 } } }, '$.texts.en.title'],
    ['an array for the object', [ok], '$'],
    ['null for the object', null, '$'],
  ])('%s', (_, value, expected) => {
    expect(shapeMismatch(shape(poi), value)).toBe(expected);
  });

  it('finds the first item of an array that does not fit', () => {
    expect(shapeMismatch(shape(z.array(poi)), [ok, ok, { ...ok, lat: null }])).toBe('$[2].lat');
    expect(shapeMismatch(shape(z.array(poi)), [])).toBeNull();
  });
});
