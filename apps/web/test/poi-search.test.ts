import { describe, expect, it } from 'vitest';
import Fuse from 'fuse.js/basic';
import { POI_SEARCH_LIMIT, type Poi } from '@earshot/core';
import { createPoiSearch } from '../src/features/poi-browse/lib/poi-search';

const poi = (token: string, title: string, subtitle = '', description = ''): Poi =>
  ({ token, title, subtitle, description }) as Poi;

const pois = [
  poi('gate', 'Tidewater Gate', 'Weathering steel, 2019', '<p>Two rust-red slabs.</p>'),
  poi('heron', 'Heron at Rest', 'Bronze, 2014', '<p>A life-size heron.</p>'),
  poi('choir', 'Bridge Choir', 'Sound installation', '<p><strong>Every</strong> passing car.</p>'),
  poi('organ', 'Rain Organ', 'Copper pipes', '<p>Copper pipes catch the rain.</p>'),
];
const search = createPoiSearch(Fuse, pois);
const tokens = (q: string) => search(q).map((p) => p.token);

describe('POI search (SPEC §9: title 3, subtitle 3, description 2; Fuse options)', () => {
  it('an empty query keeps every stop in guide order', () => {
    expect(tokens('')).toEqual(['gate', 'heron', 'choir', 'organ']);
    expect(tokens('   ')).toEqual(['gate', 'heron', 'choir', 'organ']);
  });
  it.each([
    // Best first; "Weathering" holds "herin", one letter from "heron" (threshold 0.3).
    ['heron', ['heron', 'gate']],
    ['HERON', ['heron', 'gate']],
    ['herno', ['heron']], // fuzzy: one transposition within threshold 0.3
    ['bronze', ['heron']], // subtitle
    ['copper', ['organ']], // subtitle ahead of description, same stop once
    ['every passing', ['choir']], // description as text: the <strong> tag is not in the way
    ['strong', []], // ...and tags are not searched
    ['zzqx', []],
    ['he', []], // shorter than minMatchCharLength 3
  ])('%j → %j', (q, want) => expect(tokens(q)).toEqual(want));
  it('a title match ranks above a description match', () => {
    const two = createPoiSearch(Fuse, [
      poi('d', 'Quay', '', '<p>Lantern light on the water</p>'),
      poi('t', 'Lantern', '', '<p>Steel</p>'),
    ]);
    expect(two('lantern').map((p) => p.token)).toEqual(['t', 'd']);
  });
  it(`returns at most ${POI_SEARCH_LIMIT} stops`, () => {
    const many = Array.from({ length: 50 }, (_, i) => poi(`p${i}`, `Fountain ${i}`));
    expect(createPoiSearch(Fuse, many)('fountain')).toHaveLength(POI_SEARCH_LIMIT);
  });
  it('matches must start near the beginning of a field (distance 60, location 0)', () => {
    const far = createPoiSearch(Fuse, [poi('far', 'Walk', '', `<p>${'x'.repeat(80)} heron</p>`)]);
    expect(far('heron')).toEqual([]);
  });
});
