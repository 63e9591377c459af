import { addDays, daysBetween, isValidDay, localDayHour } from './insights-days.js';
import { INSIGHT_RANGE_MAX_DAYS } from './insights.js';

/**
 * The insights dashboard's period (docs/insights.md): a range of the visitor's local days, as
 * presets (the last 7, 30 or 90 days, today included) or any from/to, kept in the URL so a
 * dashboard can be shared; and how a figure changed from the period before.
 */

export const INSIGHTS_PRESETS = [7, 30, 90] as const;
export type InsightsPreset = (typeof INSIGHTS_PRESETS)[number];
export const DEFAULT_INSIGHTS_PRESET: InsightsPreset = 30;

export interface InsightsRange {
  from: string;
  to: string;
  /** The preset it is, or null for a custom range. */
  preset: InsightsPreset | null;
}

/** `YYYY-MM-DD` of a date in the device's own time zone (the visitor's days are local too). */
export const localDay = (date: Date): string => localDayHour(date).day;

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export const isDay = (day: string | null | undefined): day is string =>
  typeof day === 'string' && isValidDay(day);

/** How many days from `from` to `to`, both included (1 for a single day). */
export const daysInRange = (from: string, to: string): number => daysBetween(from, to) + 1;

/** Whether the server answers a range this long (its ends at most 731 days apart). */
export const rangeNotTooLong = (from: string, to: string): boolean =>
  daysBetween(from, to) <= INSIGHT_RANGE_MAX_DAYS;

export const presetRange = (preset: InsightsPreset, today: string): InsightsRange => ({
  from: addDays(today, -(preset - 1)),
  to: today,
  preset,
});

/**
 * The range a dashboard URL asks for (`?days=7|30|90`, or `?from=&to=`): a custom range with
 * its ends swapped when given backwards and cut to the server's longest span (ending at `to`);
 * anything unreadable is the default preset.
 */
export function insightsRange(
  query: { days?: string | null; from?: string | null; to?: string | null },
  today: string,
): InsightsRange {
  if (isDay(query.from) && isDay(query.to)) {
    let [from, to] = [query.from, query.to];
    if (from > to) [from, to] = [to, from];
    if (!rangeNotTooLong(from, to)) from = addDays(to, -INSIGHT_RANGE_MAX_DAYS);
    return { from, to, preset: null };
  }
  const days = Number(query.days);
  const preset = INSIGHTS_PRESETS.find((p) => p === days) ?? DEFAULT_INSIGHTS_PRESET;
  return presetRange(preset, today);
}

/** The URL's query for a range and language (a preset keeps its short form: shareable). */
export function insightsQuery(range: InsightsRange, language: string | null): string {
  const q = new URLSearchParams();
  if (range.preset) q.set('days', String(range.preset));
  else {
    q.set('from', range.from);
    q.set('to', range.to);
  }
  if (language) q.set('language', language);
  return q.toString();
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'new';

export interface FigureChange {
  direction: ChangeDirection;
  /** What is shown beside the figure: `+25%`, `−3 pts`, `New`, `No change`. */
  text: string;
  /** The same for a screen reader, with the previous figure. */
  label: string;
}

/**
 * How a figure changed from the previous period: counts by their percentage change (a count
 * that was 0 is "New"), percentages by their difference in points.
 */
export function figureChange(
  current: number,
  previous: number,
  kind: 'count' | 'percent' = 'count',
): FigureChange {
  const was = kind === 'percent' ? `${previous}%` : String(previous);
  const since = `the previous period (${was})`;
  if (current === previous)
    return { direction: 'same', text: 'No change', label: `no change from ${since}` };
  if (kind === 'count' && previous === 0)
    return { direction: 'new', text: 'New', label: `up from none in the previous period` };
  const up = current > previous;
  const amount =
    kind === 'percent'
      ? `${Math.round(Math.abs(current - previous))} pts`
      : `${Math.round((Math.abs(current - previous) / previous) * 100)}%`;
  return {
    direction: up ? 'up' : 'down',
    text: `${up ? '+' : '\u2212'}${amount}`,
    label: `${up ? 'up' : 'down'} ${amount.replace('pts', 'points')} from ${since}`,
  };
}

/** The share of `part` in `whole` as a whole percentage (0 when the whole is 0). */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;
