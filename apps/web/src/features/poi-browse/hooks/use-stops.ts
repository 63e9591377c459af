import { useEffect, useMemo, useState } from 'react';
import { carouselEmptyMessage, challengeStar, type Poi } from '@earshot/core';
import { useVisit } from '../../../shared/visit/store';
import { useGuideAnswers } from '../../../shared/answers/use-answers';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { createPoiSearch, loadedFuse, loadFuse } from '../lib/poi-search';

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
  // SPEC §2 star: yellow while the challenge is active, grey once the user has answered it
  // (a visitor has answered none, so every star is yellow).
  const { answered } = useGuideAnswers(guide.token);
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
  return { pois, empty, search, star: (poi) => challengeStar(poi, answered) };
}
