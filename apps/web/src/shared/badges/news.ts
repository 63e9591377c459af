import { create } from 'zustand';
import { celebrationsOf, type Celebration, type VisitPoiResult } from '@earshot/core';

type BadgeNews = {
  /** Counts the visits that gave points: what shows badges reads them again when it changes. */
  counted: number;
  /** What waits to be celebrated, the one shown first. */
  queue: Celebration[];
  /** The server's answer to a visit (visit_poi/). */
  visitAnswered: (result: VisitPoiResult) => void;
  /** The celebration shown is over (seen, dismissed or timed out). */
  shown: () => void;
};

/**
 * Badge news between the location triggers, which send the visits, and the badges screens,
 * which celebrate them: neither feature imports the other (ARCHITECTURE "the guide screen").
 */
export const useBadgeNews = create<BadgeNews>()((set) => ({
  counted: 0,
  queue: [],
  visitAnswered: (result) => {
    if (!result.counted) return;
    set((s) => {
      const waiting = new Set(s.queue.map((c) => c.key));
      const news = celebrationsOf(result.awards).filter((c) => !waiting.has(c.key));
      return { counted: s.counted + 1, queue: [...s.queue, ...news] };
    });
  },
  shown: () => set((s) => ({ queue: s.queue.slice(1) })),
}));
