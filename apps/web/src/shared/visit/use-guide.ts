import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  dayIn,
  localizePoi,
  seasonalStops,
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

/** Today in the guide's time zone, by the device's clock ("YYYY-MM-DD"). */
export function useVisitDay(): string {
  const zone = useGuide().time_zone;
  return useMemo(() => dayIn(new Date(), zone), [zone]);
}

/**
 * Every POI of the guide in the visit's language (`all`: a stop's own link opens it whatever
 * its dates), those on view today or marked by the guide's choice (`present`: docs/guide-bundle.md
 * "Seasons", by the device's clock in the guide's time zone, so a saved guide follows the
 * dates offline), and of those the ones the selected layers show (`visible`).
 */
export function useVisitPois(): { all: Poi[]; present: Poi[]; visible: Poi[]; day: string } {
  const guide = useGuide();
  const language = useVisitLanguage();
  const layers = useVisit((s) => s.selectedLayers);
  const day = useVisitDay();
  return useMemo(() => {
    const all = guide.pois.map((p) => localizePoi(p, language));
    const present = seasonalStops(all, day, guide.outside_dates);
    return { all, present, visible: poisInLayers(present, guide.layers, layers), day };
  }, [guide, language, layers, day]);
}

/** The selected POI in the visit's language, or null. */
export function useSelectedPoi(): Poi | null {
  const { all } = useVisitPois();
  const token = useVisit((s) => s.selectedPoi);
  return useMemo(() => all.find((p) => p.token === token) ?? null, [all, token]);
}
