import { OFFLINE_SYNC_BASE_DELAY_MS, OFFLINE_SYNC_RETRIES } from '../constants.js';

/**
 * The policy of each of the device's outboxes (apps/web/src/shared/outbox/): the queues that
 * keep what the app sends — challenge answers (SPEC §4), stop visits (`visit_poi/`) and the
 * insights events (docs/insights.md) — until the server has answered for it. The sending code
 * is one; what differs between the queues is data here (and each queue's step function).
 */
export type OutboxPolicy = {
  /** An attempt that has had no answer for this long counts as no answer (SPEC §8). */
  attemptTimeoutMs: number;
  /** Items sent in one request. */
  batchMax: number;
  /** Items the device keeps at most: a long outage cannot grow the queue beyond this. */
  itemsMax: number;
  /**
   * Tries of the same item again within one run after no answer or a server failure, the
   * first after `retryBaseMs`, each wait doubled; 0: the item waits for the next run.
   */
  retries: number;
  retryBaseMs: number;
  /** While anything waits after a run, the next run this long after; null: only on a trigger. */
  rerunMs: number | null;
};

/** SPEC §8: every outbox's attempt gives up after 30 s without an answer. */
export const OUTBOX_ATTEMPT_TIMEOUT_MS = 30_000;

/**
 * Challenge answers (SPEC §4, §8, §9): one a request, 3 retries 1 s × 2^attempt; no bound (a
 * person answers each challenge once); sent again on `online`, on sign-in and at start.
 */
export const ANSWER_OUTBOX: OutboxPolicy = {
  attemptTimeoutMs: OUTBOX_ATTEMPT_TIMEOUT_MS,
  batchMax: 1,
  itemsMax: Number.POSITIVE_INFINITY,
  retries: OFFLINE_SYNC_RETRIES,
  retryBaseMs: OFFLINE_SYNC_BASE_DELAY_MS,
  rerunMs: null,
};

/**
 * Stop visits (`visit_poi/`), by the answers' policy; a walk has far fewer stops than 100, the
 * bound only keeps a long outage from growing the queue.
 */
export const VISIT_OUTBOX: OutboxPolicy = { ...ANSWER_OUTBOX, itemsMax: 100 };

/**
 * How one attempt to send an item ended: the server's status, or none (no answer: the network
 * failed or the attempt timed out), or the user was no longer signed in, or an answer the app
 * cannot read (a newer server's, say): retrying at once would read it no better.
 */
export type AttemptResult =
  { status: number } | { status: null } | { signedOut: true } | { unreadable: true };

export type AttemptOutcome =
  'sent' | 'already-answered' | 'network' | 'unauthorized' | 'invalid' | 'server' | 'unreadable';

/** What an attempt's result means (SPEC §8 offline sync rows). */
export function attemptOutcome(r: AttemptResult): AttemptOutcome {
  if ('signedOut' in r) return 'unauthorized';
  if ('unreadable' in r) return 'unreadable';
  const { status } = r;
  if (status === null) return 'network';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'unauthorized';
  // The server holds an answer of this user to this challenge: ours or one from another
  // device. Either way there is nothing left to send.
  if (status === 409) return 'already-answered';
  // Rate limited, or the server overloaded or restarting: nothing was refused, try again.
  if (status === 408 || status === 429 || status >= 500) return 'server';
  return 'invalid';
}

/**
 * What the queue does next with an item (SPEC §4, §8):
 * - 'done': sent (or already answered): remove it from the queue (and an answer's picture);
 * - 'drop': the server refused it as invalid: treated as done, the item is dropped;
 * - 'retry': try the same item again after `delayMs` (the policy's retries and waits);
 * - 'keep': retries exhausted, or an answer the app cannot read: the item stays queued for
 *   the next run, the run goes on;
 * - 'stop': a 401 or a lost sign-in: the run stops and every item stays queued.
 */
export type QueueStep =
  { action: 'done' | 'drop' | 'keep' | 'stop' } | { action: 'retry'; delayMs: number };

/**
 * An outbox's policy as a pure function: the outcome of an attempt, and how many attempts of
 * this item have failed so far in this run before it (0 after the first try).
 */
export function outboxStep(
  policy: Pick<OutboxPolicy, 'retries' | 'retryBaseMs'>,
  outcome: AttemptOutcome,
  failedBefore: number,
): QueueStep {
  switch (outcome) {
    case 'sent':
    case 'already-answered':
      return { action: 'done' };
    case 'invalid':
      return { action: 'drop' };
    case 'unauthorized':
      return { action: 'stop' };
    case 'unreadable':
      return { action: 'keep' };
    case 'network':
    case 'server':
      return failedBefore < policy.retries
        ? { action: 'retry', delayMs: policy.retryBaseMs * 2 ** failedBefore }
        : { action: 'keep' };
  }
}

/** The answer queue's step (SPEC §4, §8). */
export const queueStep = (outcome: AttemptOutcome, failedBefore: number): QueueStep =>
  outboxStep(ANSWER_OUTBOX, outcome, failedBefore);

/**
 * What the queue does with a visit after an attempt, by the answer queue's policy (SPEC §4,
 * §8): sent (201, or 200 for a replayed key) or 409 (the key's request is stored or running):
 * done; refused (400, or 404 when the stop left the guide): dropped; no answer or a server
 * error: retried 1 s, 2 s, 4 s, then kept for the next run; 401 or signed out: the run stops.
 */
export const visitStep = (result: AttemptResult, failedBefore: number): QueueStep =>
  outboxStep(VISIT_OUTBOX, attemptOutcome(result), failedBefore);
