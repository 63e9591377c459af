import type { GuideDetail } from '../contract/api.js';
import { visitLanguage } from '../visit/guide-visit.js';
import { visitIdStillValid, type StoredVisitId } from './insights-rules.js';

/**
 * The visitor side of the insights events (docs/insights.md) that runs with every event, on the
 * guide's first load: the visit id kept across events and the language an event names. What runs
 * later (the sender's rules, the share heard, an answer's headers) is insight-queue.ts; the event's
 * shape is core's insightEventSchema.
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
