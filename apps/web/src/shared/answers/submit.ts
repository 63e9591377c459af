import {
  ANSWER_TYPE_OF,
  localTimeHeader,
  type ChallengeType,
  type QueuedAnswer,
} from '@earshot/core';
import { isSignedIn, useAuthStore } from '../auth/store';
import { visitNow } from '../insights/track';
import { newId } from '../outbox/new-id';
import { enqueue } from './queue-store';

export type GivenAnswer = {
  challenge: number;
  type: ChallengeType;
  /** Text or digits as typed (trimmed), or the chosen option's id; empty for a photo. */
  value: string;
  photo: Blob | null;
};

/**
 * Gives an answer: it goes into the device's queue first (with the idempotency key made now,
 * once), so nothing is lost offline or when the connection drops mid-way, and is sent at once
 * when online (SPEC §4, §5). `onChange` hears when answers reached the server.
 */
export async function giveAnswer(given: GivenAnswer, onChange: () => void): Promise<void> {
  const auth = useAuthStore.getState();
  const resourcetype = ANSWER_TYPE_OF[given.type];
  if (!isSignedIn(auth) || !resourcetype) return;
  const now = new Date();
  const item: QueuedAnswer = {
    localId: newId(),
    idempotencyKey: newId(),
    userId: auth.user!.id,
    challenge: given.challenge,
    resourcetype,
    value: given.value,
    hasPhoto: given.photo !== null,
    pending: true,
    offlineCreatedAt: now.toISOString(),
    localTime: localTimeHeader(now),
    language: visitNow()?.language,
  };
  await enqueue(item, given.photo);
  // The sender comes when there is something to send: it is no part of a challenge's first load.
  void import('./sync').then((m) => m.syncAnswers(onChange));
}
