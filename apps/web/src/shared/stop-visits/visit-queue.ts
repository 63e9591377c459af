import {
  VISIT_OUTBOX,
  visitJoin,
  visitsFor,
  type AttemptResult,
  type QueuedVisit,
  type VisitPoiResult,
} from '@earshot/core';
import { useAuthStore } from '../auth/store';
import { visitAnswered } from '../badges/news';
import {
  attemptSignal,
  failedAttempt,
  markWaiting,
  oneRunAtATime,
  sendInTurn,
  withMemoryFallback,
} from '../outbox/outbox';
import { newId } from '../outbox/new-id';
import { allVisits, putVisit, removeVisit } from '../outbox/queue-db';
import { VISITS_WAITING } from '../outbox/waiting';
import { postVisitPoi, type VisitBody } from './api/post-visit-poi';

// The stop visits' outbox (SPEC §7 visit_poi/): the generic sending of outbox/outbox.ts with
// core's VISIT_OUTBOX policy.

/** Who the visit is for: the signed-in user, or null for a visitor (as apiSend sends it). */
const currentUserId = () => useAuthStore.getState().user?.id ?? null;

// Without IndexedDB (some private windows) the visits wait in this page only.
const store = withMemoryFallback<QueuedVisit>({
  all: allVisits,
  put: putVisit,
  remove: removeVisit,
});

let joining: Promise<void> = Promise.resolve();

/**
 * Records a visit (SPEC §7 visit_poi/): it goes into the device's queue first, with its
 * idempotency key made now, once — unless the same person's visit of that stop already waits —
 * and the queue is sent at once when online. A visit made without signal survives a reload and
 * goes when the signal is back (outbox/outbox-sync.tsx); the server counts each key once.
 */
export function queueVisit(visit: VisitBody): Promise<void> {
  const item: QueuedVisit = {
    localId: newId(),
    idempotencyKey: newId(),
    userId: currentUserId(),
    guide_token: visit.guide_token,
    poi_token: visit.poi_token,
    language: visit.language,
    offlineCreatedAt: new Date().toISOString(),
  };
  // One join at a time, so two triggers of one stop cannot both see an empty queue.
  joining = joining.then(async () => {
    if (visitJoin(await store.all(), item) !== 'join') return;
    await store.put(item);
    markWaiting(VISITS_WAITING, true);
  });
  return joining.then(() => sendVisits());
}

type Attempt = { result: AttemptResult; reply: VisitPoiResult | null };

async function attempt(item: QueuedVisit): Promise<Attempt> {
  try {
    const reply = await postVisitPoi(item, item.idempotencyKey, attemptSignal(VISIT_OUTBOX));
    return { result: { status: 201 }, reply };
  } catch (e) {
    // Timed out or no reply: the same key tries again (outbox.ts failedAttempt).
    return { result: failedAttempt(e), reply: null };
  }
}

/** One pass over the current session's waiting visits, oldest first. */
async function runOnce(): Promise<void> {
  const userId = currentUserId();
  const all = await sendInTurn(visitsFor(await store.all(), userId), {
    policy: VISIT_OUTBOX,
    // Offline, or someone else signed in since: the run stops, the visits wait.
    online: () => navigator.onLine,
    same: () => currentUserId() === userId,
    attempt,
    async settle(item, { reply }) {
      await store.remove(item);
      // The celebration of a visit whose first reply was lost comes with its replay.
      if (reply) visitAnswered(reply);
    },
  });
  if (all && (await store.all()).length === 0) markWaiting(VISITS_WAITING, false);
}

/** Sends the waiting visits; a call during a run makes it go over the queue once more. */
export const sendVisits = oneRunAtATime(runOnce);
