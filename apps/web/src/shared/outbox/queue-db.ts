import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { InsightEvent, QueuedAnswer, QueuedVisit } from '@earshot/core';

/**
 * The offline queue in IndexedDB (SPEC §4): the answers in one store, and the pictures of
 * photo answers apart in another under the same localId, so listing the queue never reads the
 * pictures; since version 2, the visits (visit_poi/) made without signal in a third; since
 * version 3, the insights events (docs/insights.md) waiting to be sent, by their id, in a fourth.
 */
interface AnswerQueueDb extends DBSchema {
  answers: { key: string; value: QueuedAnswer };
  photos: { key: string; value: Blob };
  visits: { key: string; value: QueuedVisit };
  insights: { key: string; value: InsightEvent };
}

const DB_NAME = 'earshot-answers';
let opened: Promise<IDBPDatabase<AnswerQueueDb>> | null = null;

const db = () =>
  (opened ??= openDB<AnswerQueueDb>(DB_NAME, 3, {
    upgrade(d, from) {
      if (from < 1) {
        d.createObjectStore('answers', { keyPath: 'localId' });
        d.createObjectStore('photos');
      }
      if (from < 2) d.createObjectStore('visits', { keyPath: 'localId' });
      if (from < 3) d.createObjectStore('insights', { keyPath: 'id' });
    },
    // Another tab asks for a newer version: this one lets go (it opens again when needed).
    blocking() {
      void opened?.then((d) => d.close());
      opened = null;
    },
  }));

/** Puts an answer (and its picture) in the queue in one transaction: both or neither. */
export async function putQueued(item: QueuedAnswer, photo: Blob | null): Promise<void> {
  const tx = (await db()).transaction(['answers', 'photos'], 'readwrite');
  await Promise.all([
    tx.objectStore('answers').put(item),
    photo ? tx.objectStore('photos').put(photo, item.localId) : undefined,
    tx.done,
  ]);
}

export async function allQueued(): Promise<QueuedAnswer[]> {
  return (await db()).getAll('answers');
}

export async function queuedPhoto(localId: string): Promise<Blob | undefined> {
  return (await db()).get('photos', localId);
}

/** Takes an item out of the queue with its picture (SPEC §4: removed from queue and store). */
export async function removeQueued(localId: string): Promise<void> {
  const tx = (await db()).transaction(['answers', 'photos'], 'readwrite');
  await Promise.all([
    tx.objectStore('answers').delete(localId),
    tx.objectStore('photos').delete(localId),
    tx.done,
  ]);
}

export async function putVisit(item: QueuedVisit): Promise<void> {
  await (await db()).put('visits', item);
}

export async function allVisits(): Promise<QueuedVisit[]> {
  return (await db()).getAll('visits');
}

export async function removeVisit(localId: string): Promise<void> {
  await (await db()).delete('visits', localId);
}

/** Keeps insights events (a put of an id already kept changes nothing that counts). */
export async function putInsights(events: readonly InsightEvent[]): Promise<void> {
  const tx = (await db()).transaction('insights', 'readwrite');
  await Promise.all([...events.map((e) => tx.store.put(e)), tx.done]);
}

export async function allInsights(): Promise<InsightEvent[]> {
  return (await db()).getAll('insights');
}

export async function removeInsights(ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('insights', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
