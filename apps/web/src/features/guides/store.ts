import { create } from 'zustand';
import { DEFAULT_SORT, nextSort, type ListSort, type SortKey } from '@earshot/core';

type GuideListState = {
  search: string;
  sort: ListSort;
  /** City ids whose rows are expanded. */
  expanded: ReadonlySet<number>;
  /** Letter last chosen on the alphabet bar. */
  letter: string | null;
  /** The search box has had focus: load the search index before the first keystroke. */
  searchWarm: boolean;
  setSearch: (s: string) => void;
  setSort: (s: ListSort) => void;
  sortBy: (key: SortKey) => void;
  toggle: (cityId: number) => void;
  expand: (cityId: number) => void;
  setLetter: (l: string | null) => void;
  warmSearch: () => void;
  reset: () => void;
};

const initial = {
  search: '',
  sort: DEFAULT_SORT,
  expanded: new Set<number>(),
  letter: null,
  searchWarm: false,
};

/** Guide list state: search text, sort, expanded cities and the alphabet bar. */
export const useGuideList = create<GuideListState>((set) => ({
  ...initial,
  setSearch: (search) => set({ search }),
  setSort: (sort) => set({ sort }),
  sortBy: (key) => set((s) => ({ sort: nextSort(s.sort, key) })),
  toggle: (id) =>
    set((s) => {
      const expanded = new Set(s.expanded);
      if (expanded.has(id)) expanded.delete(id);
      else expanded.add(id);
      return { expanded };
    }),
  expand: (id) => set((s) => (s.expanded.has(id) ? s : { expanded: new Set([...s.expanded, id]) })),
  setLetter: (letter) => set({ letter }),
  warmSearch: () => set((s) => (s.searchWarm ? s : { searchWarm: true })),
  reset: () => set({ ...initial, expanded: new Set() }),
}));
