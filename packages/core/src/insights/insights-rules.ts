import { addDays, dayNumber } from './insights-days.js';
import {
  INSIGHT_COMPLETED_MIN,
  INSIGHT_DAY_FUTURE_MAX,
  INSIGHT_DAY_PAST_MAX,
  INSIGHT_RANGE_MAX_DAYS,
} from './insights.js';

/** Rules of insights (docs/insights.md) shared by the server, the visitor app and the studio. */

export type DayRange = { from: string; to: string };
export type RangeCheck =
  { ok: true; range: DayRange; previous: DayRange; days: number } | { ok: false; message: string };

/**
 * A report's range: `from` and `to` are inclusive days, `from` ≤ `to`, at most 731 days
 * apart. The previous period has the same number of days and ends the day before `from`.
 */
export function checkInsightsRange(from: string, to: string): RangeCheck {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return { ok: false, message: 'from and to are days YYYY-MM-DD' };
  if (a > b) return { ok: false, message: 'from must not be after to' };
  if (b - a > INSIGHT_RANGE_MAX_DAYS)
    return { ok: false, message: `from and to are at most ${INSIGHT_RANGE_MAX_DAYS} days apart` };
  const days = b - a + 1;
  return {
    ok: true,
    range: { from, to },
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
    days,
  };
}

/** Days of the report when no range is asked for: the last 30, ending on `today`. */
export const INSIGHT_DEFAULT_RANGE_DAYS = 30;
export const defaultInsightsRange = (today: string): DayRange => ({
  from: addDays(today, 1 - INSIGHT_DEFAULT_RANGE_DAYS),
  to: today,
});

/**
 * Whether an event's local day is kept, against the server's UTC date: within the last 400
 * days (an offline queue may hold events a long time, not longer) and at most one day ahead
 * (a visitor east of UTC already lives in tomorrow).
 */
export function insightDayAcceptable(day: string, serverDay: string): boolean {
  const d = dayNumber(day);
  const s = dayNumber(serverDay);
  if (d === null || s === null) return false;
  return d >= s - INSIGHT_DAY_PAST_MAX && d <= s + INSIGHT_DAY_FUTURE_MAX;
}

/** One decimal: the dashboard shows shares as 62.5 %, never 62.5000001. */
const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** Whether an `audio-heard` share counts as a completed listen. */
export const isCompleted = (heard: number): boolean => heard >= INSIGHT_COMPLETED_MIN;

/** Completion, 0–100: completed listens among `audio-heard` events (0 when there are none). */
export const completionPercent = (completed: number, heardEvents: number): number =>
  heardEvents > 0 ? oneDecimal((100 * completed) / heardEvents) : 0;

/** Mean share heard, 0–100, from the sum of `heard` and the count of events (0 when none). */
export const heardAverage = (heardSum: number, heardEvents: number): number =>
  heardEvents > 0 ? oneDecimal(heardSum / heardEvents) : 0;

/** A visit id ends after this long without an event (docs/insights.md). */
export const VISIT_ID_IDLE_MS = 4 * 60 * 60 * 1000;

/** What the device keeps of its current visit id (per guide token, in sessionStorage). */
export type StoredVisitId = { id: string; guideToken: string; lastEventAt: number };

/**
 * Whether the stored visit id still names this visit: the same guide, and an event less than
 * 4 hours ago. Otherwise a new id is made (another guide, a long pause, or none yet).
 */
export function visitIdStillValid(
  stored: StoredVisitId | null | undefined,
  guideToken: string,
  now: number,
): boolean {
  if (!stored || stored.guideToken !== guideToken) return false;
  const idle = now - stored.lastEventAt;
  return idle >= 0 && idle < VISIT_ID_IDLE_MS;
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2})$/;

/**
 * The `X-Local-Time: YYYY-MM-DDTHH` header a challenge answer carries (the local time it was
 * given, kept in the offline queue): its day and hour, or null when absent or malformed.
 */
export function parseLocalTime(header: string | undefined): { day: string; hour: number } | null {
  const m = header === undefined ? null : LOCAL_TIME.exec(header.trim());
  if (!m || dayNumber(m[1]!) === null) return null;
  const hour = Number(m[2]);
  return hour <= 23 ? { day: m[1]!, hour } : null;
}

/** The `X-Local-Time` value of a local day and hour. */
export const formatLocalTime = (day: string, hour: number): string =>
  `${day}T${String(hour).padStart(2, '0')}`;
