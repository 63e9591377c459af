import {
  visitJoin,
  visitsFor,
  visitStep,
  type AttemptResult,
  type QueuedVisit,
} from '@earshot/core';
import type { VisitPoiResult } from '@earshot/core';
import { ApiError, NO_ANSWER } from '../api/client';
import { useAuthStore } from '../auth/store';
import { visitAnswered } from '../badges/news';
import { postVisitPoi, type VisitBody } from './api/post-visit-poi';
import { newId } from './new-id';
import { oneRunAtATime } from './one-run';
import { allVisits, putVisit, removeVisit } from './queue-db';
import { markVisitsWaiting } from './visits-waiting';

/** An attempt that has had no answer for this long counts as no signal (SPEC §8). */
const ATTEMPT_TIMEOUT_MS = 30_000;

/** Who the visit is for: the signed-in user, or null for a visitor (as apiSend sends it). */
const currentUserId = () => useAuthStore.getState().user?.id ?? null;

// Without IndexedDB (some private windows) the visits wait in this page only.
let memory: QueuedVisit[] | null = null;
const stored = async (): Promise<QueuedVisit[]> => {
  if (memory) return memory;
  try {
    return await allVisits();
  } catch {
    return (memory = []);
  }
};
const keep = async (item: QueuedVisit) => {
  if (memory) memory.push(item);
  else await putVisit(item).catch(() => void (memory = [item]));
};
const forget = async (item: QueuedVisit) => {
  if (memory) memory = memory.filter((v) => v.localId !== item.localId);
  else await removeVisit(item.localId).catch(() => undefined);
};

let joining: Promise<void> = Promise.resolve();

/**
 * Records a visit (SPEC §7 visit_poi/): it goes into the device's queue first, with its
 * idempotency key made now, once — unless the same person's visit of that stop already waits —
 * and the queue is sent at once when online. A visit made without signal survives a reload and
 * goes when the signal is back (answer-sync.tsx); the server counts each key once.
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
    if (visitJoin(await stored(), item) !== 'join') return;
    await keep(item);
    markVisitsWaiting(true);
  });
  return joining.then(() => sendVisits());
}

type Attempt = { result: AttemptResult; reply: VisitPoiResult | null };

async function attempt(item: QueuedVisit): Promise<Attempt> {
  try {
    const reply = await postVisitPoi(
      item,
      item.idempotencyKey,
      AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    );
    return { result: { status: 201 }, reply };
  } catch (e) {
    if (e instanceof ApiError)
      return { result: { status: e.status === NO_ANSWER ? null : e.status }, reply: null };
    // Timed out, or a reply the app could not read: the same key tries again.
    return { result: { status: null }, reply: null };
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One pass over the current session's waiting visits, oldest first, by the core policy. */
async function runOnce(): Promise<void> {
  const userId = currentUserId();
  for (const item of visitsFor(await stored(), userId)) {
    for (let failed = 0; ; failed++) {
      // Offline, or someone else signed in since: the run stops, the visits wait.
      if (!navigator.onLine || currentUserId() !== userId) return;
      const { result, reply } = await attempt(item);
      const step = visitStep(currentUserId() === userId ? result : { signedOut: true }, failed);
      if (step.action === 'retry') {
        await wait(step.delayMs);
        continue;
      }
      if (step.action === 'stop') return;
      if (step.action === 'done' || step.action === 'drop') {
        await forget(item);
        // The celebration of a visit whose first reply was lost comes with its replay.
        if (reply) visitAnswered(reply);
      }
      break;
    }
  }
  if ((await stored()).length === 0) markVisitsWaiting(false);
}

/** Sends the waiting visits; a call during a run makes it go over the queue once more. */
export const sendVisits = oneRunAtATime(runOnce);
