import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '../../src/contract/json-depth.js';

const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('jsonNestsDeeperThan', () => {
  it.each([
    ['a number', '1', 0, false],
    ['an empty object at 0', '{}', 0, true],
    ['an empty object at 1', '{}', 1, false],
    ['arrays at the limit', arrays(JSON_MAX_DEPTH), JSON_MAX_DEPTH, false],
    ['arrays one past it', arrays(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH, true],
    ['objects one past it', objects(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH, true],
    ['a hundred thousand levels', arrays(100_000), JSON_MAX_DEPTH, true],
    ['brackets inside a string', JSON.stringify({ a: '[[[[[[[[{{{{' }), 2, false],
    ['an escaped quote in a string', JSON.stringify({ a: 'x"[[[[' }), 2, false],
    ['an escaped backslash before the quote', JSON.stringify({ a: 'x\\', b: [[1]] }), 2, true],
    ['siblings do not add up', '[[1],[2],[3],[4],[5]]', 2, false],
    [
      'a draft-like document',
      JSON.stringify({
        guide: { city: { name: 'x' } },
        pois: [{ content: { en: { title: 't', images: [{ alt: 'a' }] } } }],
      }),
      8,
      false,
    ],
  ])('%s', (_what, text, max, deeper) => expect(jsonNestsDeeperThan(text, max)).toBe(deeper));
});
