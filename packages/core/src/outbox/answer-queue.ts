import type { UserAnswerType } from '../participation/challenges.js';

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
   * The local day and hour it was given (`X-Local-Time`, docs/insights.md): the server counts the
   * answer then, however late it is sent. Absent in answers queued by an app older than the
   * insights.
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
