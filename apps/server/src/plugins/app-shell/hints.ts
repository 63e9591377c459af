import { shouldGroupByCity, sortGuides } from '@earshot/core';
import type { ShellRoute } from './route.js';

type ListedGuide = {
  title: string;
  city: { id: number; name: string; state: string };
  splash_url?: string | null;
  images: string[];
};

/**
 * The picture of the first card the page's list shows (a flat list of 20 guides or fewer, in
 * the default order, as the web app draws it), so the page can fetch it at once instead of
 * after the app has drawn the list: on a phone it is the largest thing on the first screen.
 */
export function firstCardImage(route: ShellRoute, guides: ListedGuide[]): string | null {
  if (route.kind !== 'home' && route.kind !== 'city' && route.kind !== 'state') return null;
  const want = route.place?.toLowerCase();
  const shown = guides.filter(
    (g) => !want || (route.kind === 'city' ? g.city.name : g.city.state).toLowerCase() === want,
  );
  if (shown.length === 0 || shouldGroupByCity(shown.length)) return null;
  const first = sortGuides(shown)[0]!;
  return first.splash_url ?? first.images[0] ?? null;
}

/** What a guide page's own splash shows: the guide's place and picture (as the app's splash). */
export type GuideSplash = { place: string; image: string | null };

type SplashGuide = {
  city: { name: string; state: string };
  splash_url?: string | null;
  images: string[];
};

/** The splash of a guide as the app draws it (SPEC §2: the splash picture, else the first image). */
export function guideSplash(guide: SplashGuide): GuideSplash {
  return {
    place: `${guide.city.name}, ${guide.city.state}`,
    image: guide.splash_url ?? guide.images[0] ?? null,
  };
}
