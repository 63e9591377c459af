import { useEffect, useState } from 'react';
import type { GuideSummary } from '@earshot/core';
import type { GuideSearcher } from '../lib/guide-searcher';

/** The answer to one query: `guides` is undefined while the search index loads. */
export type GuideSearch = { query: string; guides: GuideSummary[] | undefined };

/**
 * Fuzzy search over guides with the SPEC §9 parameters; an empty query gives null (no search).
 * The search code and index load when `warm` (the search box has focus) or with the first
 * query, not with the page. While a new query runs, the last answer stays on screen.
 */
export function useGuideSearch(
  guides: readonly GuideSummary[] | undefined,
  query: string,
  warm = false,
): GuideSearch | null {
  const q = query.trim();
  const [searcher, setSearcher] = useState<{
    for: readonly GuideSummary[];
    searcher: GuideSearcher;
  } | null>(null);
  const [answer, setAnswer] = useState<(GuideSearch & { for: GuideSearcher }) | null>(null);
  const wanted = guides !== undefined && (warm || q !== '');
  const current = searcher && searcher.for === guides ? searcher.searcher : null;

  useEffect(() => {
    if (!wanted || current) return;
    let live = true;
    void import('../lib/guide-searcher').then(({ createGuideSearcher }) => {
      if (live) setSearcher({ for: guides, searcher: createGuideSearcher(guides) });
    });
    return () => {
      live = false;
    };
  }, [wanted, current, guides]);
  useEffect(() => () => current?.dispose(), [current]);

  useEffect(() => {
    if (!current || q === '') return;
    let live = true;
    void current.search(q).then((found) => {
      if (live) setAnswer({ query: q, guides: found, for: current });
    });
    return () => {
      live = false;
    };
  }, [current, q]);

  if (q === '') return null;
  if (answer && answer.for === current) return { query: answer.query, guides: answer.guides };
  return { query: q, guides: undefined };
}
