import { INSIGHT_BATCH_MAX, INSIGHT_DAY_PAST_MAX, type InsightEvent } from './insights.js';

/**
 * The offline queue of insights events (issue 20, docs/insights.md): how the sender, loaded
 * after the screen's first load, batches, retries and lets go of the waiting events.
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
