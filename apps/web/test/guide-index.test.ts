import Fuse from 'fuse.js/basic';
import { describe, expect, it } from 'vitest';
import { GUIDE_SEARCH_LIMIT, guideSearchDoc, guideSearchOptions } from '@earshot/core';
import { createGuideIndex } from '../src/features/guides/lib/guide-index';

// A seeded list of guides with long HTML descriptions, and queries with typos, spaces and
// capitals: the fast index must give exactly what one plain Fuse search gives.
const WORDS = (
  'river riverfront art walk mural bronze steel history park bridge garden fountain stone ' +
  'glass lantern harbor market plaza tower street alley hill lake sculpture memorial ' +
  'portland austin chicago denver boston savannah tucson seattle gallery heron salmon ' +
  'ferry quarry granite copper willow cedar station library theatre pier lighthouse ' +
  'lalala aaa zoo oooh mississippi'
).split(' ');
let seed = 7;
const rnd = (n: number) => {
  seed = (seed * 16807) % 2147483647;
  return seed % n;
};
const words = (n: number) => Array.from({ length: n }, () => WORDS[rnd(WORDS.length)]!).join(' ');
const guides = Array.from({ length: 1500 }, (_, i) => ({
  title: `${words(1 + rnd(4))} ${i % 3 ? 'Walk' : 'Tour'}`,
  city: { name: words(1 + rnd(2)) },
  description: `<p>${words(5 + rnd(60))}.</p><p>${words(rnd(40))}</p>`,
}));
const typo = (w: string) => {
  const i = rnd(w.length);
  return rnd(2) ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + 'xq'[rnd(2)] + w.slice(i);
};
const queries = [
  'riv',
  'River',
  'riverfront',
  'rivrefront',
  'bronze lantern',
  'BRONZE LANTRN',
  'walk',
  'wlk',
  'zzz',
  'a',
  'ab',
  'o',
  'la',
  'ss',
  'salmon ferry pier',
  'a very long query that is longer than thirty-two characters',
];
const randomQueries = Array.from({ length: 500 }, (_, i) => {
  const q = words(1 + rnd(2));
  if (i % 5 === 0) return q.slice(0, 1 + rnd(2)); // one or two characters
  return rnd(2) ? typo(q) : q.slice(0, 3 + rnd(q.length));
});

describe('createGuideIndex', () => {
  const plain = new Fuse(guides.map(guideSearchDoc), guideSearchOptions);
  const fast = createGuideIndex(Fuse, guides);
  const plainSearch = (query: string) =>
    plain
      .search(query, { limit: GUIDE_SEARCH_LIMIT })
      .map((r) => ({ refIndex: r.refIndex, score: r.score }));
  it.each(queries)('"%s" gives what one plain Fuse search gives', (query) => {
    expect(fast.search(query)).toEqual(plainSearch(query));
  });
  it('gives what one plain Fuse search gives for 500 random queries', () => {
    const differ = randomQueries.filter(
      (q) => JSON.stringify(fast.search(q)) !== JSON.stringify(plainSearch(q)),
    );
    expect(differ).toEqual([]);
  }, 30_000);
  it('finds guides at all (the comparison is not vacuous)', () => {
    expect(fast.search('riverfront').length).toBeGreaterThan(0);
    expect(fast.search('salmn').length).toBeGreaterThan(0);
  });
});
