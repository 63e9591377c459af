import type { InsightPeriod } from './insights.js';
import { GUIDE_ENTRIES, STOP_ENTRIES, type InsightEntry, type StopEntry } from './insight-entry.js';
import { figureChange } from './insights-range.js';
import { plural, sharesText } from './insights-summaries.js';
import type { InsightsTable } from './insights-tables.js';

/**
 * Where visitors came from (docs/insights.md "Entries"): the dashboard's tables and sentences of
 * visits by entry and stop openings by entry, each beside the previous period. As with every
 * chart, the table is also its screen reader view and its CSV.
 */

export const ENTRY_LABELS: Record<InsightEntry, string> = {
  sign: 'Sign',
  link: 'Shared link',
  list: 'Guide lists',
  search: 'Search',
  map: 'World map',
  keypad: 'Keypad',
  location: 'Location',
  guide: 'In the guide',
};
/** The same, short enough for a chart's axis on a phone (the full ones name the bars). */
export const ENTRY_AXIS_LABELS: Record<InsightEntry, string> = {
  sign: 'Sign',
  link: 'Link',
  list: 'Lists',
  search: 'Search',
  map: 'Map',
  keypad: 'Keypad',
  location: 'Location',
  guide: 'Guide',
};
/** Visits whose entry is not known (counted before entries were, or opened elsewhere). */
export const ENTRY_UNKNOWN_LABEL = 'Not known';

/** A period's visits by entry, in GUIDE_ENTRIES order, then those of no known entry. */
export function visitEntryCounts(p: InsightPeriod): number[] {
  const known = GUIDE_ENTRIES.map((e) => p.entries[e]);
  return [...known, Math.max(0, p.totals.visits - known.reduce((a, b) => a + b, 0))];
}

/** Stop openings by entry over all stops, in STOP_ENTRIES order. */
export const stopEntryTotals = (p: InsightPeriod): number[] =>
  STOP_ENTRIES.map((e) => p.stops.reduce((n, s) => n + s.entries[e], 0));

/** Visits by entry, beside the previous period's. */
export function entriesTable(current: InsightPeriod, previous: InsightPeriod): InsightsTable {
  const now = visitEntryCounts(current);
  const before = visitEntryCounts(previous);
  const labels = [...GUIDE_ENTRIES.map((e) => ENTRY_LABELS[e]), ENTRY_UNKNOWN_LABEL];
  return {
    columns: ['Came from', 'Visits', 'Previous period', 'Change'],
    rows: labels.map((label, i) => [
      label,
      now[i]!,
      before[i]!,
      figureChange(now[i]!, before[i]!).text,
    ]),
  };
}

/** Each stop's openings by entry, each beside the previous period's, then all stops'. */
export function stopEntriesTable(current: InsightPeriod, previous: InsightPeriod): InsightsTable {
  const was = new Map(previous.stops.map((s) => [s.token, s.entries]));
  const pair = (now: Record<StopEntry, number>, before: Record<StopEntry, number> | undefined) =>
    STOP_ENTRIES.flatMap((e) => [now[e], before?.[e] ?? 0]);
  const totals = (p: InsightPeriod) => {
    const sums = stopEntryTotals(p);
    return Object.fromEntries(STOP_ENTRIES.map((e, i) => [e, sums[i]!])) as Record<
      StopEntry,
      number
    >;
  };
  return {
    columns: [
      'Order',
      'Stop',
      ...STOP_ENTRIES.flatMap((e) => [ENTRY_LABELS[e], `${ENTRY_LABELS[e]} (previous period)`]),
    ],
    rows: [
      ...current.stops.map((s) => [s.order, s.title, ...pair(s.entries, was.get(s.token))]),
      ['', 'All stops', ...pair(totals(current), totals(previous))],
    ],
  };
}

export function entriesSummary(current: InsightPeriod, previous: InsightPeriod): string {
  const now = visitEntryCounts(current);
  if (!current.totals.visits) return 'No visit in this period.';
  const labels = [...GUIDE_ENTRIES.map((e) => ENTRY_LABELS[e]), ENTRY_UNKNOWN_LABEL];
  const signs = current.entries.sign;
  const signLine =
    signs || previous.entries.sign
      ? ` From signs: ${plural(signs, 'visit')}, ${figureChange(signs, previous.entries.sign).label}.`
      : '';
  return `${plural(current.totals.visits, 'visit')}: ${sharesText(labels, now)}.${signLine}`;
}

export function stopEntriesSummary(p: InsightPeriod): string {
  const totals = stopEntryTotals(p);
  const all = totals.reduce((a, b) => a + b, 0);
  if (!all) return 'No stop was opened in this period.';
  const top = [...p.stops].sort((a, b) => b.entries.sign - a.entries.sign || a.order - b.order)[0];
  const sign =
    top && top.entries.sign > 0
      ? ` Most opened from its sign: ${top.order}. ${top.title} (${top.entries.sign}).`
      : '';
  return `${plural(all, 'stop opening')}: ${sharesText(
    STOP_ENTRIES.map((e) => ENTRY_LABELS[e]),
    totals,
  )}.${sign}`;
}
