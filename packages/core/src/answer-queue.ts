import type { UserAnswerType } from './challenges.js';
import { OFFLINE_SYNC_BASE_DELAY_MS, OFFLINE_SYNC_RETRIES } from './constants.js';

/** The header that makes a retried answer count once on the server. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * An answer waiting on the device to be sent (SPEC §3 offline answer: localId, pending,
 * offlineCreatedAt; §4: binary fields kept apart — a photo's picture is stored beside it,
 * under the same localId, and `value` is empty until it is sent).
 */
export type QueuedAnswer = {
  localId: string;
  /** Made once when the answer is given and sent with every attempt. */
  idempotencyKey: string;
  /** Whose answer it is: only that user's session sends it. */
  userId: string;
  challenge: number;
  resourcetype: UserAnswerType;
  value: string;
  /** The picture is kept apart, in the queue's photo store. */
  hasPhoto: boolean;
  pending: true;
  /** ISO time the answer was made. */
  offlineCreatedAt: string;
  /**
   * The local day and hour it was given (`X-Local-Time`, docs/insights.md): the server counts
   * the answer then, however late it is sent. Absent in answers queued before issue 20.
   */
  localTime?: string;
  /** The visit's language when it was given (`X-Language`), if it was given in a guide visit. */
  language?: string;
};

/** SPEC §4: the queue is processed oldest first (ties in the order they were made). */
export const queueOrder = <Q extends Pick<QueuedAnswer, 'offlineCreatedAt' | 'localId'>>(
  items: readonly Q[],
): Q[] =>
  [...items].sort(
    (a, b) =>
      a.offlineCreatedAt.localeCompare(b.offlineCreatedAt) || a.localId.localeCompare(b.localId),
  );

/** The items of one user, in the order they are sent. */
export const queueFor = <Q extends QueuedAnswer>(items: readonly Q[], userId: string): Q[] =>
  queueOrder(items.filter((i) => i.userId === userId));

/** SPEC §5: offline sync is attempted only when online and signed in. */
export const shouldSync = (s: { online: boolean; signedIn: boolean }): boolean =>
  s.online && s.signedIn;

/**
 * How one attempt to send an answer ended: the server's status, or none (no answer: the
 * network failed or the attempt timed out), or the user was no longer signed in.
 */
export type AttemptResult = { status: number } | { status: null } | { signedOut: true };

export type AttemptOutcome =
  'sent' | 'already-answered' | 'network' | 'unauthorized' | 'invalid' | 'server';

/** What an attempt's result means (SPEC §8 offline sync rows). */
export function attemptOutcome(r: AttemptResult): AttemptOutcome {
  if ('signedOut' in r) return 'unauthorized';
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
 * - 'done': sent (or already answered): remove it from the queue and its picture with it;
 * - 'drop': the server refused it as invalid: treated as done, the item is dropped;
 * - 'retry': try the same item again after `delayMs` (1 s × 2^attempt, at most 3 times);
 * - 'keep': retries exhausted: the item stays queued for the next run, the run goes on;
 * - 'stop': a 401 or a lost sign-in: the run stops and every item stays queued.
 */
export type QueueStep =
  { action: 'done' | 'drop' | 'keep' | 'stop' } | { action: 'retry'; delayMs: number };

/**
 * The queue's policy as a pure function: the outcome of an attempt, and how many attempts of
 * this item have failed so far in this run before it (0 after the first try).
 */
export function queueStep(outcome: AttemptOutcome, failedBefore: number): QueueStep {
  switch (outcome) {
    case 'sent':
    case 'already-answered':
      return { action: 'done' };
    case 'invalid':
      return { action: 'drop' };
    case 'unauthorized':
      return { action: 'stop' };
    case 'network':
    case 'server':
      return failedBefore < OFFLINE_SYNC_RETRIES
        ? { action: 'retry', delayMs: OFFLINE_SYNC_BASE_DELAY_MS * 2 ** failedBefore }
        : { action: 'keep' };
  }
}

/** An item shown as an answer while it waits (SPEC §3: pending, no check yet). */
export const pendingAnswer = (item: QueuedAnswer) => ({
  challenge: item.challenge,
  value: item.value,
  resourcetype: item.resourcetype,
  is_checked: false,
  is_correct: null,
  created_at: item.offlineCreatedAt,
  localId: item.localId,
  offlineCreatedAt: item.offlineCreatedAt,
  pending: true as const,
});
