import { INSIGHT_QUEUE_MAX, INSIGHT_RETRY_MS } from './insight-queue.js';
import { INSIGHT_BATCH_MAX } from '../insights/insights.js';
import { OUTBOX_ATTEMPT_TIMEOUT_MS, type OutboxPolicy } from './outbox-policy.js';

/**
 * The insights events' outbox (docs/insights.md): batches of at most INSIGHT_BATCH_MAX, no
 * retry within a run (a batch the server did not answer waits), tried again every 15 s while
 * anything waits, at most INSIGHT_QUEUE_MAX events kept. What a reply means is
 * `insightSendStep` (insight-queue.ts). Its own module: the player's audio watch, which reads
 * insight-queue.ts, does not load the outbox's policy.
 */
export const INSIGHT_OUTBOX: OutboxPolicy = {
  attemptTimeoutMs: OUTBOX_ATTEMPT_TIMEOUT_MS,
  batchMax: INSIGHT_BATCH_MAX,
  itemsMax: INSIGHT_QUEUE_MAX,
  retries: 0,
  retryBaseMs: 0,
  rerunMs: INSIGHT_RETRY_MS,
};
