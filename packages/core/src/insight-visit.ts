/**
 * The visitor side of the insights events (issue 20, docs/insights.md) that runs with every
 * event, on the guide's first load: the visit id's lifetime, the local day and hour an event
 * keeps, the share of a stop's audio heard. The sending rules are insight-queue.ts; the event's
 * shape on the wire is the server's schema (`insightEventSchema`).
 */

export type InsightKind =
  'guide-open' | 'stop-select' | 'audio-start' | 'audio-heard' | 'stop-reach' | 'preload' | 'share';

export type InsightTrigger = 'tap' | 'keypad' | 'location' | 'autoplay' | 'link';

/** One event as the app sends it to `POST insights/events/`. */
export type InsightEventOut = {
  id: string;
  visit_id: string;
  guide_token: string;
  kind: InsightKind;
  poi_token?: string;
  language: string | null;
  trigger?: InsightTrigger;
  heard?: number;
  day: string;
  hour: number;
};

/** A visit ends after this long without an event; the next event starts a new one. */
export const INSIGHT_VISIT_IDLE_MS = 4 * 60 * 60 * 1000;

/** The header a challenge answer's local time goes in (docs/insights.md). */
export const LOCAL_TIME_HEADER = 'X-Local-Time';

/** `X-Local-Time` of a challenge answer: its local day and hour, `YYYY-MM-DDTHH`. */
export function localTimeHeader(at: Date): string {
  // The instant shifted by the zone's offset then, read as UTC: the local wall clock.
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 13);
}

/** The visitor's local day (YYYY-MM-DD) and hour (0–23): nothing finer is kept. */
export function localDayHour(at: Date): { day: string; hour: number } {
  const t = localTimeHeader(at);
  return { day: t.slice(0, 10), hour: Number(t.slice(11)) };
}

/** The visit as the device keeps it (sessionStorage): its guide, id, last event, guide-open sent. */
export type StoredInsightVisit = { guide: string; id: string; last: number; opened: boolean };

/**
 * The visit an event at `now` for `guide` belongs to: the kept one while it is the same
 * guide's and less than 4 hours passed since its last event, else a new one (another guide
 * opened, or a long pause). `fresh` says a new id was made.
 */
export function insightVisit(
  kept: StoredInsightVisit | null,
  guide: string,
  now: number,
  newId: () => string,
): { visit: StoredInsightVisit; fresh: boolean } {
  if (kept && kept.guide === guide && now - kept.last < INSIGHT_VISIT_IDLE_MS && now >= kept.last)
    return { visit: { ...kept, last: now }, fresh: false };
  return { visit: { guide, id: newId(), last: now, opened: false }, fresh: true };
}

/**
 * The share of a stop's audio heard, 0–100: the furthest point reached over its length, 100
 * when it played to the end; 0 when the length is unknown.
 */
export function heardShare(furthest: number, duration: number, ended: boolean): number {
  if (ended) return 100;
  if (!Number.isFinite(duration) || duration <= 0 || !(furthest > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((furthest / duration) * 100)));
}
