import { useEffect, useMemo, useState } from 'react';
import { carouselEmptyMessage, challengeStar, type Poi } from '@earshot/core';
import { useVisit } from '../../../shared/visit/store';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { createPoiSearch, loadedFuse, loadFuse } from '../lib/poi-search';

/**
 * Challenges the visitor has answered. Anonymous visitors have answered none, so every
 * challenge is active (SPEC §4); the participation issue feeds the visitor's answers in here.
 */
const NO_ANSWERS: ReadonlySet<number> = new Set();

export type Stops = {
  /** The stops to show: the visible POIs in guide order, or the search's matches, best first. */
  pois: Poi[];
  /** SPEC §2 empty message, when there is nothing to show. */
  empty: string | null;
  search: string;
  star: (poi: Poi) => 'active' | 'inactive' | null;
};

/** The stops the carousel and the list show: one search, one set of empty messages. */
export function useStops(): Stops {
  const guide = useGuide();
  const { visible } = useVisitPois();
  const search = useVisit((s) => s.poiSearch).trim();
  const selectedLayers = useVisit((s) => s.selectedLayers);
  const [Fuse, setFuse] = useState(loadedFuse);
  useEffect(() => {
    if (search && !Fuse) void loadFuse().then((F) => setFuse(() => F));
  }, [search, Fuse]);
  const find = useMemo(() => (Fuse ? createPoiSearch(Fuse, visible) : null), [Fuse, visible]);
  // Until Fuse has loaded (a moment after the first search) the stops stay as they were.
  const pois = useMemo(() => (search && find ? find(search) : visible), [find, search, visible]);
  const empty = pois.length
    ? null
    : carouselEmptyMessage({
        layerCount: guide.layers.length,
        selectedLayerCount: selectedLayers.length,
        search,
      });
  return { pois, empty, search, star: (poi) => challengeStar(poi, NO_ANSWERS) };
}
