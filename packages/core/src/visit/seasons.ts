import type { OutsideDates } from '../constants.js';
import { addDays, isValidDay } from '../insights/insights-days.js';

/**
 * Seasons (docs/guide-bundle.md "Seasons"): a stop may be on view only between two dates,
 * both inclusive, as calendar days in the guide's time zone. Outside them the guide either
 * hides the stop from visitors or marks it — shown with its photo and a notice, with no
 * location triggers — as its publisher chose (`outside_dates`). Its direct link (a sign's)
 * always opens, with the notice.
 */

/** A stored choice read back: 'mark' only when it says so, the default otherwise. */
export const outsideDates = (value: string | null | undefined): OutsideDates =>
  value === 'mark' ? 'mark' : 'hide';

/** A calendar day, "YYYY-MM-DD". */
export type CalendarDay = string;

/** Whether `day` is a real calendar day ("2026-02-30" is not). */
export const isCalendarDay = isValidDay;

/** Whether `zone` is a time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar day `at` falls on in `timeZone` (UTC when none is given or it is unknown).
 * Swedish writes dates as "2026-12-20" in every engine's ICU: no parts to put together.
 */
export function dayIn(at: Date, timeZone: string | null | undefined): CalendarDay {
  try {
    return new Intl.DateTimeFormat('sv-SE', { timeZone: timeZone || 'UTC' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

export type Dated = { on_view_from?: string | null; on_view_until?: string | null };

/** Where a stop stands on `day`: before its first day, on view, or after its last. */
export type Season = 'not-yet' | 'on-view' | 'ended';

export function seasonOn(stop: Dated, day: CalendarDay): Season {
  // Calendar days compare as strings.
  if (stop.on_view_from && day < stop.on_view_from) return 'not-yet';
  if (stop.on_view_until && day > stop.on_view_until) return 'ended';
  return 'on-view';
}

/** The stops a visitor sees on `day`: all on view, and the others only when the guide marks them. */
export function seasonalStops<S extends Dated>(
  stops: readonly S[],
  day: CalendarDay,
  outside: OutsideDates,
): S[] {
  return outside === 'mark' ? [...stops] : stops.filter((s) => seasonOn(s, day) === 'on-view');
}

/** Whether a stop's location triggers (autoplay, notification, badge) may fire on `day`. */
export const triggersOn = (stop: Dated, day: CalendarDay): boolean =>
  seasonOn(stop, day) === 'on-view';

export type SeasonNotice =
  | { kind: 'until'; date: CalendarDay }
  | { kind: 'from'; date: CalendarDay }
  | { kind: 'ended'; date: CalendarDay };

/**
 * What the stop's page says of its dates on `day`: "On view until {date}" while on view with
 * a last day, "On view from {date}" before its first, "This work stood here until {date}"
 * after its last; null for a stop with no dates ahead or behind.
 */
export function seasonNotice(stop: Dated, day: CalendarDay): SeasonNotice | null {
  const season = seasonOn(stop, day);
  if (season === 'not-yet') return { kind: 'from', date: stop.on_view_from! };
  if (season === 'ended') return { kind: 'ended', date: stop.on_view_until! };
  return stop.on_view_until ? { kind: 'until', date: stop.on_view_until } : null;
}

/** A calendar day in words for `locale` ("October 31, 2026"), the day itself, not shifted by a zone. */
export function formatDay(day: CalendarDay, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The notice in words, in English (the visitor app has no message catalogue yet). */
export function seasonNoticeText(notice: SeasonNotice, locale = 'en-US'): string {
  const date = formatDay(notice.date, locale);
  if (notice.kind === 'until') return `On view until ${date}`;
  if (notice.kind === 'from') return `On view from ${date}`;
  return `This work stood here until ${date}`;
}

export type SeasonChange = { day: CalendarDay; index: number; change: 'arrives' | 'leaves' };

/**
 * What changes for visitors in the `days` days after `day` (the studio's "Next 30 days"): a
 * stop arrives on its first day and leaves the day after its last. By day, then route order.
 */
export function seasonChanges(
  stops: readonly Dated[],
  day: CalendarDay,
  days = 30,
): SeasonChange[] {
  const last = addDays(day, days);
  const changes: SeasonChange[] = [];
  stops.forEach((s, index) => {
    if (s.on_view_from && s.on_view_from > day && s.on_view_from <= last)
      changes.push({ day: s.on_view_from, index, change: 'arrives' });
    if (s.on_view_until) {
      const gone = addDays(s.on_view_until, 1);
      if (gone > day && gone <= last) changes.push({ day: gone, index, change: 'leaves' });
    }
  });
  return changes.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.index - b.index));
}

/** The bundle's rule on a stop's two days (each already a real day): the last not before the first. */
export function seasonWindowProblem(stop: Dated): string | null {
  return stop.on_view_from && stop.on_view_until && stop.on_view_until < stop.on_view_from
    ? `"on view until" (${stop.on_view_until}) is before "on view from" (${stop.on_view_from})`
    : null;
}
