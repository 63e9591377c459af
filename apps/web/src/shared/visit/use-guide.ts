import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  localizePoi,
  poisInLayers,
  visitLanguage,
  type GuideDetail,
  type Poi,
} from '@earshot/core';
import { useSelectedLanguage } from '../lib/selected-language';
import { tourByTokenQueryOptions } from './api/get-tour-by-token';
import { useVisit } from './store';

/** The guide being visited (the guide route renders features only once it has loaded). */
export function useGuide(): GuideDetail {
  const token = useVisit((s) => s.guideToken);
  if (!token) throw new Error('useGuide is used outside a guide visit');
  return useSuspenseQuery(tourByTokenQueryOptions(token)).data;
}

/** The visit's language: the one chosen for this guide, else the guide's own (null without languages). */
export function useVisitLanguage(): string | null {
  const guide = useGuide();
  const chosen = useSelectedLanguage((s) => s.byGuide[guide.token]);
  return visitLanguage(guide, chosen);
}

/** Every POI of the guide in the visit's language, and those the selected layers show. */
export function useVisitPois(): { all: Poi[]; visible: Poi[] } {
  const guide = useGuide();
  const language = useVisitLanguage();
  const layers = useVisit((s) => s.selectedLayers);
  return useMemo(() => {
    const all = guide.pois.map((p) => localizePoi(p, language));
    return { all, visible: poisInLayers(all, guide.layers, layers) };
  }, [guide, language, layers]);
}

/** The selected POI in the visit's language, or null. */
export function useSelectedPoi(): Poi | null {
  const { all } = useVisitPois();
  const token = useVisit((s) => s.selectedPoi);
  return useMemo(() => all.find((p) => p.token === token) ?? null, [all, token]);
}
