import {
  GUIDE_SEARCH_LIMIT,
  mergeSearchHits,
  type GuideSearchSource,
  type GuideSummary,
  type SearchHit,
} from '@earshot/core';
import type { WorkerAnswer, WorkerRequest } from './guide-search.worker';

/** Fuzzy search over one list of guides (SPEC §9): best matches first, at most 30. */
export type GuideSearcher = {
  search(query: string): Promise<GuideSummary[]>;
  dispose(): void;
};

/** From this many guides on, the search runs in parallel Web Workers. */
export const WORKER_SEARCH_MIN_GUIDES = 2000;
const MAX_WORKERS = 4;

type ToGuides = (hits: SearchHit[]) => GuideSummary[];

/**
 * A searcher for `guides`. Fuse.js and the index load on creation, not with the page. Small
 * lists are searched on the main thread; large ones are split across Web Workers, one per
 * core, so a keystroke is answered in a fraction of the time and the page never stalls.
 * Both give the same results as one Fuse search over the whole list.
 */
export function createGuideSearcher(guides: readonly GuideSummary[]): GuideSearcher {
  // Only what the search reads goes to the index (and across to the workers).
  const docs = guides.map((g): GuideSearchSource => ({
    title: g.title,
    city: { name: g.city.name },
    description: g.description,
  }));
  const toGuides: ToGuides = (hits) => hits.map((h) => guides[h.refIndex]!);
  const local = () => localSearcher(docs, toGuides);
  if (guides.length >= WORKER_SEARCH_MIN_GUIDES && typeof Worker !== 'undefined') {
    try {
      return workerSearcher(docs, toGuides, local);
    } catch {
      // Workers refused (e.g. by policy): search on the main thread.
    }
  }
  return local();
}

function localSearcher(docs: GuideSearchSource[], toGuides: ToGuides): GuideSearcher {
  const ready = Promise.all([import('fuse.js/basic'), import('./guide-index')]).then(
    ([{ default: Fuse }, { createGuideIndex }]) => createGuideIndex(Fuse, docs),
  );
  return {
    search: (query) => ready.then((index) => toGuides(index.search(query))),
    dispose: () => {},
  };
}

type Job = { query: string; parts: SearchHit[][]; resolve: (g: GuideSummary[]) => void };

function workerSearcher(
  docs: GuideSearchSource[],
  toGuides: ToGuides,
  local: () => GuideSearcher,
): GuideSearcher {
  const count = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, MAX_WORKERS));
  const size = Math.ceil(docs.length / count);
  const jobs = new Map<number, Job>();
  let nextId = 0;
  let fallback: GuideSearcher | null = null;
  const stop = () => workers.forEach((w) => w.terminate());
  // A worker that fails to start or crashes hands every open search to the main thread.
  const fail = () => {
    if (fallback) return;
    stop();
    fallback = local();
    for (const job of jobs.values()) void fallback.search(job.query).then(job.resolve);
    jobs.clear();
  };
  const workers = Array.from({ length: count }, (_, i) => {
    const worker = new Worker(new URL('./guide-search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'guide-search',
    });
    worker.onerror = fail;
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      const job = jobs.get(e.data.id);
      if (!job) return;
      job.parts.push(e.data.hits);
      if (job.parts.length < count) return;
      jobs.delete(e.data.id);
      job.resolve(toGuides(mergeSearchHits(job.parts, GUIDE_SEARCH_LIMIT)));
    };
    const init: WorkerRequest = {
      type: 'init',
      guides: docs.slice(i * size, (i + 1) * size),
      offset: i * size,
    };
    worker.postMessage(init);
    return worker;
  });
  return {
    search: (query) => {
      if (fallback) return fallback.search(query);
      return new Promise((resolve) => {
        const id = nextId++;
        jobs.set(id, { query, parts: [], resolve });
        const request: WorkerRequest = { type: 'search', id, query };
        for (const w of workers) w.postMessage(request);
      });
    },
    dispose: () => {
      stop();
      fallback?.dispose();
      jobs.clear();
    },
  };
}
