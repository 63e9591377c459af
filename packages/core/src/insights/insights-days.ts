/**
 * Calendar days written `YYYY-MM-DD`, as insights keep time (docs/insights.md). A day is a
 * label of the visitor's local calendar, so the arithmetic is done on UTC dates where no
 * daylight-saving shift can move it.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a valid day, or null for anything else (2026-02-30, 2026-1-5…). */
export function dayNumber(day: string): number | null {
  const m = DAY_PATTERN.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return null;
  return ms / MS_PER_DAY;
}

export const isValidDay = (day: string): boolean => dayNumber(day) !== null;

/** The day `n` days after 1970-01-01. */
export const dayFromNumber = (n: number): string =>
  new Date(n * MS_PER_DAY).toISOString().slice(0, 10);

/** `day` moved by `n` days (negative: back). `day` must be valid. */
export function addDays(day: string, n: number): string {
  const d = dayNumber(day);
  if (d === null) throw new Error(`Not a day: ${day}`);
  return dayFromNumber(d + n);
}

/** Whole days from `a` to `b` (negative when `b` is before `a`). Both must be valid. */
export function daysBetween(a: string, b: string): number {
  const x = dayNumber(a);
  const y = dayNumber(b);
  if (x === null || y === null) throw new Error(`Not a day: ${x === null ? a : b}`);
  return y - x;
}

/** Weekday of a day, Monday first: 0 Monday … 6 Sunday. */
export function weekdayIndex(day: string): number {
  const n = dayNumber(day);
  if (n === null) throw new Error(`Not a day: ${day}`);
  // 1970-01-01 was a Thursday (index 3).
  return (((n + 3) % 7) + 7) % 7;
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysFromTo(from: string, to: string): string[] {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return [];
  const out: string[] = [];
  for (let n = a; n <= b; n++) out.push(dayFromNumber(n));
  return out;
}

/** The UTC day of a moment (the server's date). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The device's local day and hour of a moment: what an event keeps of its time. */
export function localDayHour(at: Date): { day: string; hour: number } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return { day, hour: at.getHours() };
}
