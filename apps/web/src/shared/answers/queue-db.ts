import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedAnswer } from '@earshot/core';

/**
 * The offline answer queue in IndexedDB (SPEC §4): the answers in one store, and the
 * pictures of photo answers apart in another under the same localId, so listing the queue
 * never reads the pictures.
 */
interface AnswerQueueDb extends DBSchema {
  answers: { key: string; value: QueuedAnswer };
  photos: { key: string; value: Blob };
}

const DB_NAME = 'earshot-answers';
let opened: Promise<IDBPDatabase<AnswerQueueDb>> | null = null;

const db = () =>
  (opened ??= openDB<AnswerQueueDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('answers', { keyPath: 'localId' });
      d.createObjectStore('photos');
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
