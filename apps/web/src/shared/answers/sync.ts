import {
  ANSWER_OUTBOX,
  localTimeHeader,
  queueFor,
  shouldSync,
  type AttemptResult,
  type QueuedAnswer,
  type UserAnswer,
} from '@earshot/core';
import { isSignedIn, useAuthStore } from '../auth/store';
import { attemptSignal, failedAttempt, oneRunAtATime, sendInTurn } from '../outbox/outbox';
import { queuedPhoto } from '../outbox/queue-db';
import { postUserAnswer } from './api/post-user-answer';
import { blobToDataUrl } from './photo';
import { loadQueue, setSending, settle, useAnswerQueue } from './queue-store';

// The answers' outbox (SPEC §4 offline answer sync): the generic sending of outbox/outbox.ts
// with core's ANSWER_OUTBOX policy.

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
        // Answers queued before local times were kept: their time as this device's clock reads it.
        localTime: item.localTime ?? localTimeHeader(new Date(item.offlineCreatedAt)),
        language: item.language,
      },
      attemptSignal(ANSWER_OUTBOX),
    );
    return { result: { status: 201 }, answer, message: '' };
  } catch (e) {
    return { result: failedAttempt(e), answer: null, message: (e as Error).message };
  }
}

/**
 * One pass over the signed-in user's queue, oldest first. Returns whether anything left the
 * queue.
 */
async function runOnce(): Promise<boolean> {
  const userId = signedInUser();
  if (!userId || !canSync()) return false;
  await loadQueue();
  let changed = false;
  await sendInTurn(queueFor(useAnswerQueue.getState().items ?? [], userId), {
    policy: ANSWER_OUTBOX,
    // Offline or signed out (or another user) since: the run stops, the items stay queued.
    online: canSync,
    same: () => signedInUser() === userId,
    attempt,
    async settle(item, a, action) {
      await settle(item, action === 'done' ? { answer: a.answer } : { refused: a.message });
      changed = true;
    },
    sending: (item) => setSending(item?.localId ?? null),
  });
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
