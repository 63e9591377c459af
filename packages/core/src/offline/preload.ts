// What a preload saves and how its screen reports it (SPEC §2 /preload, §7). Apart from the
// cache names (offline.ts), which every page's downloads list reads: a module is bundled
// whole, and this one is the preload's alone.
import type { GuideDetail } from '../contract/api.js';
import { MIN_SPLASH_TIME_MS } from '../constants.js';
import { inPreview, previewScopeOf } from '../studio/preview-scope.js';

/**
 * Downloads at once: twice the six connections a browser opens per host, so a file being
 * written into the cache never leaves a connection idle; few enough not to starve the page.
 */
export const PRELOAD_CONCURRENCY = 12;

/**
 * The API answers the guide screen asks for (paths under /api/v1/): the guide, its theme, its
 * hunts and the challenges of its stops that have one, so the screen opens offline as it does
 * online (in the guide's colours too). A preview's are asked as the app asks them, within it.
 * A published guide's sign links come too, so a sign scanned offline opens its stop from the
 * device (a preview has no signs).
 */
export function tourApiPaths(guide: GuideDetail): string[] {
  const t = encodeURIComponent(guide.token);
  const scope = previewScopeOf(guide.token);
  return [
    `tour-by-token/${t}`,
    `guides/${t}/theme`,
    `scavenger_hunts?guide__token=${t}`,
    ...guide.pois.filter((p) => p.challenge != null).map((p) => `challenges?poi=${p.id}`),
    ...(scope ? [] : [guideSignsPath(guide.token)]),
  ].map((p) => inPreview(p, scope));
}

/** The API path (under /api/v1/) of a published guide's sign links (docs/studio.md "Signs"). */
export const guideSignsPath = (guideToken: string) =>
  `guides/${encodeURIComponent(guideToken)}/signs`;

/** The guide's hunts: once saved, their answer names the hunt screens' (huntApiPaths). */
export const tourHuntsPath = (token: string) =>
  inPreview(`scavenger_hunts?guide__token=${encodeURIComponent(token)}`, previewScopeOf(token));

/**
 * The hunt screens' answers (paths under /api/v1/), from the guide's hunts as the API gives
 * them: each hunt and its challenge list, and each challenge with its multiple-choice options
 * (asked for every challenge: the list says no type, and a non-choice answer is an empty list);
 * within the preview `scope`, if any.
 */
export function huntApiPaths(
  hunts: readonly { id: number; challenges: readonly number[] }[],
  scope: string | null = null,
) {
  return hunts
    .flatMap((h) => [
      `scavenger_hunts/${h.id}/`,
      `challenges?scavenger_hunt=${h.id}`,
      ...h.challenges.flatMap((c) => [
        `challenges/${c}/`,
        `multiple_choice_options?challenge=${c}`,
      ]),
    ])
    .map((p) => inPreview(p, scope));
}

/**
 * API answers every screen shares (the guide list, the world map's table): a preload keeps
 * them too, so the lists and the map open offline even if never seen through the worker.
 */
export const SHARED_API_PATHS = ['tours', 'guide-summary'] as const;

/**
 * Every media file the guide plays or shows (SPEC §7): each POI's audio and images in every
 * language, the guide's images and splash, and its badge pictures; each URL once.
 */
export function tourMediaUrls(guide: GuideDetail): string[] {
  const urls = new Set<string>();
  const add = (u: string | null | undefined) => {
    if (u) urls.add(u);
  };
  add(guide.splash_url);
  guide.images.forEach(add);
  guide.tour_images.forEach(add);
  add(guide.audio);
  for (const poi of guide.pois) {
    add(poi.audio_url);
    add(poi.audio2);
    poi.image_urls.forEach(add);
    for (const t of Object.values(poi.translations)) {
      add(t.audio_url);
      add(t.audio2);
    }
  }
  for (const badge of guide.badges) {
    add(badge.image);
    badge.levels.forEach((l) => add(l.image));
  }
  return [...urls];
}

/**
 * A host that has failed this many files and answered none is given up for the rest of the
 * preload (its files count as failed at once): an unreachable tile provider, whose DNS
 * lookups can take seconds each, must not hold a preload of a thousand tiles for minutes.
 */
export const GIVE_UP_AFTER_FAILURES = 8;
export const hostGivenUp = (h: { failed: number; saved: number }) =>
  h.saved === 0 && h.failed >= GIVE_UP_AFTER_FAILURES;

/** The progress label of the preload screen (SPEC §2): a percentage to two decimals. */
export function progressLabel(done: number, total: number): string {
  const pct = total <= 0 ? 100 : Math.min(100, (done / total) * 100);
  return `${pct.toFixed(2)}%`;
}

/** SPEC §4: Enter appears once every asset is settled and the minimum splash time has passed. */
export function canEnterPreloaded(settled: number, total: number, elapsedMs: number): boolean {
  return settled >= total && elapsedMs >= MIN_SPLASH_TIME_MS;
}
