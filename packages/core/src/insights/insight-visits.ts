import { insightDayAcceptable } from './insights-rules.js';
import {
  INSIGHT_OTHER_LANGUAGE,
  type InsightEvent,
  type InsightRefusalReason,
  type InsightVisit,
} from './insights.js';

/**
 * Insights that cannot be inflated for free (docs/insights.md "Visit tokens"): events count only
 * with a token the server signed for their guide and visit, a visit counts at most
 * INSIGHT_VISIT_EVENTS_MAX events, and a language the guide does not have is folded into `other`.
 * The server's rules and the sender's are both here.
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a visit token is accepted. Longer than a long walk's events take to arrive online
 * (a visit ends after 4 idle hours; the sender asks again for a token with less than an hour
 * left, and a visit opened offline asks once it is back online), short enough that tokens
 * cannot be gathered on one day for a burst on another: whoever sends events must have asked
 * the rate-limited `POST insights/visits/` in the last 6 hours.
 */
export const INSIGHT_VISIT_TOKEN_HOURS = 6;
export const INSIGHT_VISIT_TOKEN_MS = INSIGHT_VISIT_TOKEN_HOURS * HOUR_MS;
/** The sender asks for a new token when the one it holds has less than this left. */
export const INSIGHT_VISIT_TOKEN_RENEW_MS = HOUR_MS;

/**
 * The events one visit may add, derived from the event kinds: a visit of one of the largest
 * guides (200 stops, ten times the longest demo or bench guide), where each stop is selected
 * three times, its audio started and heard three times each, reached by location twice and
 * shared once (12 events a stop), plus 100 for the guide's own events (guide-open, preloads,
 * shares of the guide). A real visit stays far below; a token used to replay events stops here.
 */
export const INSIGHT_LARGEST_GUIDE_STOPS = 200;
export const INSIGHT_EVENTS_PER_STOP = 12;
export const INSIGHT_VISIT_GUIDE_EVENTS = 100;
export const INSIGHT_VISIT_EVENTS_MAX =
  INSIGHT_LARGEST_GUIDE_STOPS * INSIGHT_EVENTS_PER_STOP + INSIGHT_VISIT_GUIDE_EVENTS;

/**
 * The language an event is counted in: the guide's own spelling of it when the guide has it
 * (`pt-br` is `pt-BR`), else `other`. `languages` are the guide's languages (its list, or for a
 * guide without one the languages of its stops' texts).
 */
export function insightLanguageFolded(language: string, languages: readonly string[]): string {
  const lower = language.toLowerCase();
  return languages.find((l) => l.toLowerCase() === lower) ?? INSIGHT_OTHER_LANGUAGE;
}

/** What the server's signature check says of an event's token. */
export type InsightTokenCheck = 'ok' | 'expired' | 'bad';

/**
 * What becomes of one event of a batch, before the per-visit limit: `keep`; `guide` (not a
 * published guide: dropped, counted nowhere, as no publisher owns it); `renew` (a token the
 * server signed, expired: dropped uncounted, the sender asks for a new token and resends); or
 * the reason it is refused and counted.
 */
export type InsightEventVerdict = 'keep' | 'guide' | 'renew' | InsightRefusalReason;

export function insightEventVerdict(
  e: Pick<InsightEvent, 'day' | 'poi_token'>,
  at: { stops: ReadonlySet<string> | undefined; token: InsightTokenCheck; today: string },
): InsightEventVerdict {
  if (!at.stops) return 'guide';
  if (at.token === 'bad') return 'bad_token';
  if (at.token === 'expired') return 'renew';
  if (!insightDayAcceptable(e.day, at.today)) return 'out_of_range';
  if (e.poi_token !== undefined && !at.stops.has(e.poi_token)) return 'unknown_stop';
  return 'keep';
}

/**
 * The day a refused event is counted on for the publisher: its own local day when the server
 * would accept that day (so a period's count matches its local days), else the server's.
 */
export const insightRefusalDay = (day: string, today: string): string =>
  insightDayAcceptable(day, today) ? day : today;

type Timed = { id: string; day: string; hour: number };

/**
 * A visit's new events split by its limit: `stored` events already counted, the earliest of
 * the new ones (local day and hour, then id) kept until the visit holds `max`, the rest over.
 */
export function insightsUnderVisitLimit<E extends Timed>(
  events: readonly E[],
  stored: number,
  max = INSIGHT_VISIT_EVENTS_MAX,
): { kept: E[]; over: E[] } {
  const sorted = [...events].sort(
    (a, b) => a.day.localeCompare(b.day) || a.hour - b.hour || a.id.localeCompare(b.id),
  );
  const room = Math.max(0, max - stored);
  return { kept: sorted.slice(0, room), over: sorted.slice(room) };
}

// The sender's side: the tokens it holds, by guide and visit, on the device's own clock.

/** A token as the device keeps it: `until` is the device's clock when it stops being accepted. */
export type InsightVisitPass = { token: string; until: number };
/** The device's tokens by insightVisitKey. */
export type InsightPasses = Record<string, InsightVisitPass>;
type Visited = Pick<InsightEvent, 'guide_token' | 'visit_id'>;

export const insightVisitKey = (e: Visited): string => `${e.guide_token} ${e.visit_id}`;

/**
 * The pass of a server's answer, counted on the device's clock from `now` by `expires_in`
 * (not `expires_at`: a device whose clock is hours off still knows how long it has).
 */
export const insightPassOf = (answer: InsightVisit, now: number): InsightVisitPass => ({
  token: answer.token,
  until: now + answer.expires_in * 1000,
});

/** Whether a pass may go with events sent at `now`: more than the renewal margin is left. */
export const insightPassUsable = (pass: InsightVisitPass | undefined, now: number): boolean =>
  pass !== undefined && pass.until - INSIGHT_VISIT_TOKEN_RENEW_MS > now;

/** The visits among `events` the sender must ask a token for first, once each, in order. */
export function insightVisitsToAsk<E extends Visited>(
  events: readonly E[],
  passes: InsightPasses,
  now: number,
): Visited[] {
  const out = new Map<string, Visited>();
  for (const e of events) {
    const key = insightVisitKey(e);
    if (!out.has(key) && !insightPassUsable(passes[key], now))
      out.set(key, { guide_token: e.guide_token, visit_id: e.visit_id });
  }
  return [...out.values()];
}

/**
 * The events that can go now, each with its visit's token (`ready`), and those whose visit
 * has no usable token yet (`waiting`: they stay queued).
 */
export function withVisitTokens<E extends Visited>(
  events: readonly E[],
  passes: InsightPasses,
  now: number,
): { ready: (E & { visit_token: string })[]; waiting: E[] } {
  const ready: (E & { visit_token: string })[] = [];
  const waiting: E[] = [];
  for (const e of events) {
    const pass = passes[insightVisitKey(e)];
    if (pass && insightPassUsable(pass, now)) ready.push({ ...e, visit_token: pass.token });
    else waiting.push(e);
  }
  return { ready, waiting };
}

/**
 * What the sender does after asking a token for a visit (null: no answer at all): `pass`
 * (kept, its events go with it); `without` (the guide is not published, or the server cannot
 * take the visit: its events go without a token, the server refuses them and they leave the
 * device, as a preview's do); `wait` (no answer, rate limited, the server failing: asked again
 * later, the events wait).
 */
export type InsightVisitAskStep = 'pass' | 'without' | 'wait';

export function insightVisitAskStep(status: number | null): InsightVisitAskStep {
  if (status === null) return 'wait';
  if (status >= 200 && status < 300) return 'pass';
  if (status === 400 || status === 404 || status === 422) return 'without';
  return 'wait';
}

/** The passes still worth keeping at `now` (an expired one is asked for again when needed). */
export function insightPassesKept(passes: InsightPasses, now: number): InsightPasses {
  return Object.fromEntries(Object.entries(passes).filter(([, p]) => p.until > now));
}
