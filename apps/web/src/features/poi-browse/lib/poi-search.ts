import type Fuse from 'fuse.js/basic';
import { POI_FUSE_OPTIONS, POI_SEARCH_LIMIT, type Poi } from '@earshot/core';
import { plainText } from '../../../shared/lib/plain-text';

export type FuseClass = typeof Fuse;
type SearchDoc = { title: string; subtitle: string; description: string };

let loaded: FuseClass | null = null;
let loading: Promise<FuseClass> | null = null;

/** Fuse.js is needed only once a visitor searches: it loads then (or when the box gets focus). */
export function loadFuse(): Promise<FuseClass> {
  loading ??= import('fuse.js/basic').then((m) => (loaded = m.default));
  return loading;
}
export const loadedFuse = (): FuseClass | null => loaded;

/** A searcher over `pois` with the SPEC §9 POI weights; descriptions are searched as text, not HTML. */
export function createPoiSearch(FuseImpl: FuseClass, pois: readonly Poi[]) {
  const docs: SearchDoc[] = pois.map((p) => ({
    title: p.title,
    subtitle: p.subtitle,
    description: plainText(p.description),
  }));
  const fuse = new FuseImpl(docs, POI_FUSE_OPTIONS);
  /** The matching POIs, best first, at most POI_SEARCH_LIMIT; all of them for an empty query. */
  return (query: string): Poi[] => {
    const q = query.trim();
    if (!q) return [...pois];
    return fuse.search(q, { limit: POI_SEARCH_LIMIT }).map((r) => pois[r.refIndex]!);
  };
}
