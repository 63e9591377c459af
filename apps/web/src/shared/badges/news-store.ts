import { create } from 'zustand';
import type { Celebration } from '@earshot/core';

type BadgeNews = {
  /** Counts the visits that gave points: what shows badges reads them again when it changes. */
  counted: number;
  /** What waits to be celebrated, the one shown first. */
  queue: Celebration[];
  /** A visit gave points (`counted`), with what it reached. */
  visitCounted: (news: Celebration[]) => void;
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
  visitCounted: (news) =>
    set((s) => {
      const waiting = new Set(s.queue.map((c) => c.key));
      return {
        counted: s.counted + 1,
        queue: [...s.queue, ...news.filter((c) => !waiting.has(c.key))],
      };
    }),
  shown: () => set((s) => ({ queue: s.queue.slice(1) })),
}));
