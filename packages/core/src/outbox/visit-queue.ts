import { queueOrder } from './answer-queue.js';
import { VISIT_OUTBOX } from './outbox-policy.js';

/**
 * A `visit_poi/` waiting on the device, kept in the offline queue beside the answers: the
 * trigger fires once per stop, so a visit made without signal would otherwise be a record and
 * badge points lost for good. Sent with the same key every time, so the server counts it once.
 */
export type QueuedVisit = {
  localId: string;
  /** Made once when the visit happened and sent with every attempt. */
  idempotencyKey: string;
  /** Who made it (null: a visitor not signed in): only the same session sends it. */
  userId: string | null;
  guide_token: string;
  poi_token: string;
  language: string | null;
  /** ISO time the visit happened. */
  offlineCreatedAt: string;
};

/** A walk has far fewer stops; the bound only keeps a long outage from growing the queue. */
export const MAX_QUEUED_VISITS = VISIT_OUTBOX.itemsMax;

export type VisitJoin = 'join' | 'duplicate' | 'full';

type VisitOf = Pick<QueuedVisit, 'userId' | 'guide_token' | 'poi_token'>;

const sameVisit = (a: VisitOf, b: VisitOf) =>
  a.userId === b.userId && a.guide_token === b.guide_token && a.poi_token === b.poi_token;

/**
 * Whether a new visit joins the queue: not when the same person's visit of the same stop is
 * already waiting (the trigger fires again after a reload, and that one will be sent), nor
 * when the queue is full.
 */
export function visitJoin(queue: readonly QueuedVisit[], visit: VisitOf): VisitJoin {
  if (queue.some((q) => sameVisit(q, visit))) return 'duplicate';
  return queue.length >= MAX_QUEUED_VISITS ? 'full' : 'join';
}

/** The visits the session of `userId` (null: the visitor) sends, oldest first. */
export const visitsFor = (items: readonly QueuedVisit[], userId: string | null): QueuedVisit[] =>
  queueOrder(items.filter((i) => i.userId === userId));
