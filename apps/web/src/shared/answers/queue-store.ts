import { create } from 'zustand';
import type { QueuedAnswer, UserAnswer } from '@earshot/core';

// IndexedDB's code (idb and the queue's stores) loads with the first read or write, not with
// the screens that show the queue: a visitor, who has none, never needs it.
const db = () => import('../outbox/queue-db');

type QueueState = {
  /** The answers waiting on this device (every user's), null until read from IndexedDB. */
  items: QueuedAnswer[] | null;
  /** The item being sent right now. */
  sending: string | null;
  /**
   * Answers the server took in this session, by user: shown until the answer lists fetched
   * again hold them, so an answer never flickers back to unanswered between the two.
   */
  sent: { userId: string; answer: UserAnswer }[];
  /** Why the server refused the last answer to a challenge (the form shows it; SPEC §8 drop). */
  refused: Record<number, string>;
};

/**
 * What the screens show of the offline answer queue (SPEC §4): a mirror of the IndexedDB
 * queue kept by the actions below, which write IndexedDB first.
 */
export const useAnswerQueue = create<QueueState>()(() => ({
  items: null,
  sending: null,
  sent: [],
  refused: {},
}));

let loading: Promise<void> | null = null;

/** Reads the queue once per page load (the screens ask for it when they first show). */
export function loadQueue(): Promise<void> {
  return (loading ??= db()
    .then((d) => d.allQueued())
    .then((items) => useAnswerQueue.setState({ items }))
    .catch(() => {
      // No IndexedDB (a private window in some browsers): the queue is this page's only.
      useAnswerQueue.setState({ items: [] });
    }));
}

/** Puts a new answer in the queue (and its picture apart). */
export async function enqueue(item: QueuedAnswer, photo: Blob | null): Promise<void> {
  await loadQueue();
  await (await db()).putQueued(item, photo);
  useAnswerQueue.setState((s) => {
    const refused = { ...s.refused };
    delete refused[item.challenge];
    return { items: [...(s.items ?? []), item], refused };
  });
}

/**
 * Takes an item out of the queue: sent (with the server's answer when it gave one) or
 * refused (with the server's message).
 */
export async function settle(
  item: QueuedAnswer,
  result: { answer: UserAnswer | null } | { refused: string },
): Promise<void> {
  await (await db()).removeQueued(item.localId);
  useAnswerQueue.setState((s) => ({
    items: (s.items ?? []).filter((i) => i.localId !== item.localId),
    sent:
      'answer' in result && result.answer
        ? [...s.sent, { userId: item.userId, answer: result.answer }]
        : s.sent,
    refused: 'refused' in result ? { ...s.refused, [item.challenge]: result.refused } : s.refused,
  }));
}

export const setSending = (localId: string | null) => useAnswerQueue.setState({ sending: localId });
