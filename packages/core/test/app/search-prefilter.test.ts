import { describe, expect, it } from 'vitest';
import {
  searchCandidates,
  createBigramIndex,
  matchWindow,
  maxSearchErrors,
} from '../../src/index.js';

const SPEC = { threshold: 0.3, distance: 60, minMatchCharLength: 3 };

describe('maxSearchErrors', () => {
  it.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [6, 1],
    [7, 2],
    [10, 3],
    [14, 4],
    [32, 9],
  ])('a %i-character pattern allows %i errors at threshold 0.3', (m, k) => {
    expect(maxSearchErrors(m, 0.3)).toBe(k);
  });
  it('allows none at threshold 0 and all at 1', () => {
    expect(maxSearchErrors(5, 0)).toBe(0);
    expect(maxSearchErrors(5, 1)).toBe(5);
  });
});

describe('matchWindow', () => {
  it.each([
    [3, 18 + 3 + 0 + 1],
    [10, 18 + 10 + 3 + 1],
  ])('a %i-character pattern reaches %i characters in', (m, w) => {
    expect(matchWindow(m, SPEC)).toBe(w);
  });
});

describe('searchCandidates', () => {
  const fields = [
    ['Riverfront Sculpture Walk', 'Portland'],
    ['Bronze Lanterns', 'Austin'],
    ['Harbor Murals', 'Riverton'],
    ['', 'Boston'],
  ];
  const index = createBigramIndex(fields, 2, SPEC);
  it.each([
    ['an exact word finds its documents and fields', 'river', [0, 2], [0b01, 0b10]],
    ['case does not matter', 'BRONZE', [1], [0b01]],
    ['a typo within the error budget still passes', 'lantrens', [1], [0b01]],
    ['a document passes on any of its fields', 'austin', [1], [0b10]],
    ['nothing shares enough bigrams', 'zzzzzz', [], []],
  ])('%s', (_, pattern, docs, fields) => {
    expect(searchCandidates(index, pattern, SPEC)).toEqual({ docs, fields });
  });
  it('ignores bigrams past the reach of a match', () => {
    const far = createBigramIndex([[`${'x'.repeat(30)} bronze`], ['bronze']], 1, SPEC);
    expect(searchCandidates(far, 'bronze', SPEC)).toEqual({ docs: [1], fields: [1] });
  });
  it.each([
    ['errors could break every bigram', 'walk', 0.6],
    ['longer than a Bitap pattern', 'x'.repeat(33), 0.3],
  ])('gives null when %s', (_, pattern, threshold) => {
    expect(searchCandidates(index, pattern, { ...SPEC, threshold })).toBeNull();
  });
  it.each([
    ['one character', 'o', [['moon'], ['ooo'], ['xxxxxxxxxxxxxxxxxxxxooo']], [1]],
    ['one character, its run far along', 'o', [[`o ${'x'.repeat(90)} ooo`], ['o']], [0]],
    ['a class character', '-', [['a---b'], ['a-b']], [0]],
    ['two characters', 'ab', [['ab'], ['abab'], ['xab ba']], [1]],
    ['two characters side by side with a pattern character', 'ab', [['aab'], ['abb']], [0, 1]],
  ])('a pattern of %s passes only fields with a long enough run', (_, pattern, fields, docs) => {
    const idx = createBigramIndex(fields, 1, SPEC);
    expect(searchCandidates(idx, pattern, SPEC)?.docs).toEqual(docs);
  });

  it('counts a repeated bigram of the pattern each time it occurs', () => {
    // "aaaaaaa" (7 chars, 2 errors) needs 6 − 4 = 2 bigram positions: "aa" covers all six.
    const idx = createBigramIndex([['xaay'], ['xay']], 1, SPEC);
    expect(searchCandidates(idx, 'aaaaaaa', SPEC)).toEqual({ docs: [0], fields: [1] });
  });
});
