import { localDayHour } from '../insights/insights-days.js';
import { formatLocalTime } from '../insights/insights-rules.js';
import {
  INSIGHT_BATCH_MAX,
  INSIGHT_DAY_PAST_MAX,
  type InsightEvent,
} from '../insights/insights.js';

/**
 * The insights rules that run after the screen's first load (docs/insights.md): how the sender
 * batches, retries and lets go of the waiting events, the share of a stop's audio heard, and the
 * headers of a challenge answer.
 */

/** While events wait, the sender tries again this often (and at once when back online). */
export const INSIGHT_RETRY_MS = 15_000;
/** A long outage (or a server that never answers) cannot grow the device's queue beyond this. */
export const INSIGHT_QUEUE_MAX = 5_000;

/** The waiting events cut into requests of at most INSIGHT_BATCH_MAX, oldest first. */
export function insightBatches<E extends Pick<InsightEvent, 'day' | 'hour'>>(
  events: readonly E[],
  max = INSIGHT_BATCH_MAX,
): E[][] {
  const sorted = [...events].sort((a, b) => a.day.localeCompare(b.day) || a.hour - b.hour);
  const out: E[][] = [];
  for (let i = 0; i < sorted.length; i += max) out.push(sorted.slice(i, i + max));
  return out;
}

/**
 * What the queue does with a batch after the server's reply (null: no reply at all):
 * - 'done': the server answered for every event (accepted, duplicates or rejected): they
 *   leave the queue;
 * - 'split': the body was refused as a whole (400, 413) and holds more than one event: each
 *   half is tried alone, so one bad event does not hold back the others;
 * - 'drop': a single event refused as malformed: it can never be counted;
 * - 'keep': no answer, rate limited, the server failing or not there: tried again later.
 */
export type InsightSendStep = 'done' | 'split' | 'drop' | 'keep';

export function insightSendStep(status: number | null, size: number): InsightSendStep {
  if (status === null) return 'keep';
  if (status >= 200 && status < 300) return 'done';
  if (status === 400 || status === 413 || status === 422) return size > 1 ? 'split' : 'drop';
  return 'keep';
}

/**
 * Which waiting events the queue keeps: none older than the server accepts, and, past
 * INSIGHT_QUEUE_MAX, the newest. `today` is the local day now.
 */
export function insightsToKeep<E extends Pick<InsightEvent, 'day' | 'hour'>>(
  events: readonly E[],
  today: string,
  max = INSIGHT_QUEUE_MAX,
): E[] {
  const oldest = new Date(`${today}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - INSIGHT_DAY_PAST_MAX);
  const limit = oldest.toISOString().slice(0, 10);
  const kept = insightBatches(
    events.filter((e) => e.day >= limit),
    Number.MAX_SAFE_INTEGER,
  ).flat();
  return kept.slice(Math.max(0, kept.length - max));
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
