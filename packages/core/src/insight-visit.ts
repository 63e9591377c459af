import type { GuideDetail } from './api.js';
import { visitLanguage } from './guide-visit.js';
import { localDayHour } from './insights-days.js';
import { formatLocalTime, visitIdStillValid, type StoredVisitId } from './insights-rules.js';

/**
 * The visitor side of the insights events (issue 20, docs/insights.md) that runs with every
 * event, on the guide's first load: the visit id kept across events, the language an event
 * names, the share of a stop's audio heard. The sending rules are insight-queue.ts; the
 * event's shape is core's insightEventSchema.
 */

/** The visit as the device keeps it (sessionStorage), and whether its guide-open was sent. */
export type KeptInsightVisit = StoredVisitId & { opened: boolean };

/**
 * The visit an event at `now` for `guide` belongs to: the kept one while visitIdStillValid
 * says so (the same guide, less than 4 hours since its last event), else a new one. Its last
 * event is now.
 */
export function insightVisit(
  kept: KeptInsightVisit | null,
  guideToken: string,
  now: number,
  newId: () => string,
): KeptInsightVisit {
  return kept && visitIdStillValid(kept, guideToken, now)
    ? { ...kept, lastEventAt: now }
    : { id: newId(), guideToken, lastEventAt: now, opened: false };
}

/**
 * The language a visit's events name: the visit's (chosen or the guide's own), else the
 * language its stops' texts are in (a single-language guide names none), else `und`
 * (ISO 639-2 "undetermined": the server wants a language code).
 */
export function insightLanguage(guide: GuideDetail, chosen: string | undefined): string {
  return visitLanguage(guide, chosen) ?? guide.pois.find((p) => p.language)?.language ?? 'und';
}

/** The headers a challenge answer's local time and visit language go in (docs/insights.md). */
export const LOCAL_TIME_HEADER = 'X-Local-Time';
export const LANGUAGE_HEADER = 'X-Language';

/** `X-Local-Time` of a challenge answer given at `at`: its local day and hour. */
export function localTimeHeader(at: Date): string {
  const { day, hour } = localDayHour(at);
  return formatLocalTime(day, hour);
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
