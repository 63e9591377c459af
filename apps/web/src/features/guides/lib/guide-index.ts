import type Fuse from 'fuse.js/basic';
import type { FuseResult } from 'fuse.js/basic';
import {
  GUIDE_SEARCH_LIMIT,
  searchCandidates,
  createBigramIndex,
  guideSearchDoc,
  guideSearchOptions,
  type GuideSearchSource,
  type SearchHit,
} from '@earshot/core';

type FuseClass = typeof Fuse;

/** Searches one list of guide search documents; hits index into that list. */
export type GuideIndex = { search(query: string): SearchHit[] };

/**
 * A Fuse index over guides with the SPEC §9 options. Each search hands Fuse only the fields
 * the exact pre-filter keeps (see `searchCandidates`): the results are those of one plain
 * Fuse search over the whole list, in a fraction of the time.
 */
export function createGuideIndex(
  FuseImpl: FuseClass,
  guides: readonly GuideSearchSource[],
): GuideIndex {
  const docs = guides.map(guideSearchDoc);
  const index = FuseImpl.createIndex(guideSearchOptions.keys, docs).toJSON();
  const keys = index.keys.length;
  const records = index.records;
  // Guide keys are single strings, so each field is one sub-record (or none when empty).
  const fields = records.map((r) => {
    const values: string[] = [];
    for (let k = 0; k < keys; k++) {
      const field = r.$?.[k];
      if (field && !Array.isArray(field)) values[k] = field.v;
    }
    return values;
  });
  const bigrams = createBigramIndex(fields, keys, guideSearchOptions);
  const whole = new FuseImpl(
    docs,
    guideSearchOptions,
    FuseImpl.parseIndex<GuideSearchSource>(index),
  );
  const run = (fuse: Fuse<GuideSearchSource>, query: string) =>
    fuse.search(query, { limit: GUIDE_SEARCH_LIMIT });

  return {
    search(query) {
      const keep = searchCandidates(bigrams, query, guideSearchOptions);
      if (keep === null) return hits(run(whole, query), (i) => i);
      if (keep.docs.length === 0) return [];
      // Only the fields that can match, renumbered in list order so that Fuse breaks ties
      // exactly as over the whole list (a field left out scores as a field with no match).
      const part = keep.docs.map((doc, i) => {
        const $: NonNullable<(typeof records)[number]['$']> = {};
        const from = records[doc]!.$ ?? {};
        for (let k = 0; k < keys; k++) {
          const field = from[k];
          if (field && keep.fields[i]! & (1 << k)) $[k] = field;
        }
        return { i, $ };
      });
      const fuse = new FuseImpl(
        keep.docs.map((doc) => docs[doc]!),
        guideSearchOptions,
        FuseImpl.parseIndex<GuideSearchSource>({ keys: index.keys, records: part }),
      );
      return hits(run(fuse, query), (i) => keep.docs[i]!);
    },
  };
}

function hits(results: FuseResult<GuideSearchSource>[], doc: (i: number) => number): SearchHit[] {
  return results.map((r) => ({ refIndex: doc(r.refIndex), score: r.score ?? 0 }));
}
