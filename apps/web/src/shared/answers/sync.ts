import {
  attemptOutcome,
  localTimeHeader,
  queueFor,
  queueStep,
  shouldSync,
  type AttemptResult,
  type QueuedAnswer,
  type UserAnswer,
} from '@earshot/core';
import { ApiError, NO_ANSWER } from '../api/client';
import { isSignedIn, useAuthStore } from '../auth/store';
import { postUserAnswer } from './api/post-user-answer';
import { blobToDataUrl } from './photo';
import { queuedPhoto } from './queue-db';
import { oneRunAtATime } from './one-run';
import { loadQueue, setSending, settle, useAnswerQueue } from './queue-store';

/** An attempt that has had no answer for this long counts as a network failure (SPEC §8). */
const ATTEMPT_TIMEOUT_MS = 30_000;

const signedInUser = (): string | null => {
  const s = useAuthStore.getState();
  return isSignedIn(s) ? s.user!.id : null;
};
const canSync = () => shouldSync({ online: navigator.onLine, signedIn: signedInUser() !== null });

type Attempt = { result: AttemptResult; answer: UserAnswer | null; message: string };

async function attempt(item: QueuedAnswer): Promise<Attempt> {
  let value = item.value;
  if (item.hasPhoto) {
    const photo = await queuedPhoto(item.localId);
    // The picture is gone from the device: nothing can be sent, as for a refused answer.
    if (!photo) return { result: { status: 400 }, answer: null, message: 'The photo was lost' };
    value = await blobToDataUrl(photo);
  }
  try {
    const answer = await postUserAnswer(
      { challenge: item.challenge, value, resourcetype: item.resourcetype },
      item.idempotencyKey,
      {
        // Answers queued before issue 20: their time as this device's clock reads it.
        localTime: item.localTime ?? localTimeHeader(new Date(item.offlineCreatedAt)),
        language: item.language,
      },
      AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    );
    return { result: { status: 201 }, answer, message: '' };
  } catch (e) {
    if (e instanceof ApiError)
      return {
        result: { status: e.status === NO_ANSWER ? null : e.status },
        answer: null,
        message: e.message,
      };
    // An answer the app could not read: the server may hold it, so the same key tries again.
    return { result: { status: null }, answer: null, message: (e as Error).message };
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One pass over the signed-in user's queue, oldest first, each item by the core policy
 * (queueStep). Returns whether anything left the queue.
 */
async function runOnce(): Promise<boolean> {
  const userId = signedInUser();
  if (!userId || !canSync()) return false;
  await loadQueue();
  let changed = false;
  for (const item of queueFor(useAnswerQueue.getState().items ?? [], userId)) {
    for (let failed = 0; ; failed++) {
      // Offline or signed out (or another user) since: the run stops, the items stay queued.
      if (!canSync() || signedInUser() !== userId) return changed;
      setSending(item.localId);
      const a = await attempt(item);
      const outcome =
        signedInUser() === userId ? attemptOutcome(a.result) : attemptOutcome({ signedOut: true });
      const step = queueStep(outcome, failed);
      setSending(null);
      if (step.action === 'retry') {
        await wait(step.delayMs);
        continue;
      }
      if (step.action === 'stop') return changed;
      if (step.action === 'done') await settle(item, { answer: a.answer });
      if (step.action === 'drop') await settle(item, { refused: a.message });
      changed ||= step.action !== 'keep';
      break;
    }
  }
  return changed;
}

let notify: () => void = () => undefined;
const run = oneRunAtATime(
  async () => {
    if (await runOnce()) notify();
  },
  () => setSending(null),
);

/**
 * Sends the queued answers (SPEC §4 offline answer sync) when online and signed in. One run
 * at a time: a call during a run makes it go over the queue once more when it ends, so an
 * answer given meanwhile is not left behind. `onChange` hears when answers left the queue
 * (the screens then read the server's answers again).
 */
export function syncAnswers(onChange?: () => void): Promise<void> {
  if (onChange) notify = onChange;
  return run();
}
