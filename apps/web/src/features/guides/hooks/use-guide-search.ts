import { useDeferredValue, useMemo } from 'react';
import Fuse from 'fuse.js';
import { GUIDE_SEARCH_LIMIT, guideSearchOptions, type GuideSummary } from '@earshot/core';
import { plainText } from '../../../shared/lib/plain-text';

type Indexed = GuideSummary & { text: string };

/** Fuzzy search over guides with the SPEC §9 parameters; an empty query gives null (no search). */
export function useGuideSearch(guides: readonly GuideSummary[] | undefined, query: string) {
  const fuse = useMemo(() => {
    if (!guides) return null;
    // Descriptions are HTML: search their text.
    const docs: Indexed[] = guides.map((g) => ({ ...g, text: plainText(g.description) }));
    const keys = guideSearchOptions.keys.map((k) =>
      k.name === 'description' ? { ...k, name: 'text' } : k,
    );
    return new Fuse(docs, { ...guideSearchOptions, keys });
  }, [guides]);
  const deferred = useDeferredValue(query.trim());
  return useMemo(() => {
    if (!fuse || !deferred) return null;
    return fuse.search(deferred, { limit: GUIDE_SEARCH_LIMIT }).map((r) => r.item as GuideSummary);
  }, [fuse, deferred]);
}
