/// <reference lib="webworker" />
// Searches one part of the guide list off the main thread (see guide-searcher.ts).
import Fuse from 'fuse.js/basic';
import type { GuideSearchSource, SearchHit } from '@earshot/core';
import { createGuideIndex, type GuideIndex } from './guide-index';

export type WorkerRequest =
  | { type: 'init'; guides: GuideSearchSource[]; offset: number }
  | { type: 'search'; id: number; query: string };
export type WorkerAnswer = { id: number; hits: SearchHit[] };

declare const self: DedicatedWorkerGlobalScope;

let index: GuideIndex | null = null;
let offset = 0;
self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    index = createGuideIndex(Fuse, msg.guides);
    offset = msg.offset;
    warmUp();
    return;
  }
  const hits = index ? index.search(msg.query) : [];
  self.postMessage({
    id: msg.id,
    hits: hits.map((h) => ({ refIndex: h.refIndex + offset, score: h.score })),
  } satisfies WorkerAnswer);
};

/**
 * Runs the search code through its paths (few and many matches, short and long patterns) on a
 * small made-up list, so the engine compiles it now rather than on the visitor's first
 * keystrokes. One search per task: a visitor's search waits for at most one of them.
 */
function warmUp() {
  const sample = Array.from({ length: 400 }, (_, i) => ({
    title: `${i % 2 ? 'Harbour' : 'Riverside'} walk ${i}`,
    city: { name: `Town ${i % 40}` },
    description: `<p>Sculptures and murals along the water, stop ${i}.</p>`,
  }));
  const warm = createGuideIndex(Fuse, sample);
  const queries = [
    'wal',
    'walk',
    'harbor',
    'riversid wlk',
    'town',
    'sculptures murals',
    'xyz',
    'wa',
  ];
  let left = queries.length * 5;
  const step = () => {
    warm.search(queries[left % queries.length]!);
    if (--left > 0) setTimeout(step, 0);
  };
  setTimeout(step, 0);
}
