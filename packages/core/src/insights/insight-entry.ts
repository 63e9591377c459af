// How stops are started and where visitors came from (docs/insights.md "Event kinds",
// "Entries"). No zod here: the guide screen's first load takes this module (track.ts,
// use-guide-insights), and the contract's schemas load later.

/** How a stop was selected or its audio started (which kinds take which: TRIGGERS_BY_KIND). */
export const INSIGHT_TRIGGERS = ['tap', 'keypad', 'location', 'autoplay', 'link'] as const;
export type InsightTrigger = (typeof INSIGHT_TRIGGERS)[number];

/**
 * Where a visit or a stop's opening came from (docs/insights.md "Entries"): a sign's short link,
 * a shared (or typed) link, the guide lists (home, a city or a state), search, the world map —
 * for a guide's visits — and for a stop's openings also the keypad, a location trigger, or a
 * choice in the guide (carousel, list or map pin).
 */
export const INSIGHT_ENTRIES = [
  'sign',
  'link',
  'list',
  'search',
  'map',
  'keypad',
  'location',
  'guide',
] as const;
export type InsightEntry = (typeof INSIGHT_ENTRIES)[number];
/** Where a visit came from: its guide-open's entry. */
export const GUIDE_ENTRIES = ['sign', 'link', 'list', 'search', 'map'] as const;
export type GuideEntry = (typeof GUIDE_ENTRIES)[number];
/** Where a stop's opening came from: its stop-select's entry. */
export const STOP_ENTRIES = ['sign', 'link', 'keypad', 'location', 'guide'] as const;
export type StopEntry = (typeof STOP_ENTRIES)[number];

/**
 * The entry of a stop-select started by `trigger`: its own link is `sign` when the visit came
 * from a sign, else `link`; the other triggers name their entry.
 */
export function stopEntry(trigger: InsightTrigger, guideEntry?: GuideEntry): StopEntry | null {
  if (trigger === 'link') return guideEntry === 'sign' ? 'sign' : 'link';
  if (trigger === 'tap') return 'guide';
  if (trigger === 'keypad' || trigger === 'location') return trigger;
  return null;
}

/**
 * The entry of a guide screen reached at a router location: a sign's redirect (`?from=sign`),
 * the entry a list, search or the world map put in the router's state (carried on by the
 * preload screen), else a link from outside when it is the app's first page (key `default`, or
 * a preload screen that was: `landed`); else none (reached in the app some other way).
 */
export function guideEntryOf(at: {
  search: string;
  state: unknown;
  key: string;
}): GuideEntry | undefined {
  if (new URLSearchParams(at.search).get('from') === 'sign') return 'sign';
  const state = at.state as { entry?: unknown; landed?: unknown } | null;
  if ((GUIDE_ENTRIES as readonly unknown[]).includes(state?.entry))
    return state!.entry as GuideEntry;
  return at.key === 'default' || state?.landed === true ? 'link' : undefined;
}

/** The address without the sign's mark (`from=sign`), as the app shows it once counted. */
export function withoutSignMark(search: string): string {
  const q = new URLSearchParams(search);
  q.delete('from');
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}
