import { create } from 'zustand';
import { DEFAULT_SORT, nextSort, type ListSort, type SortKey } from '@earshot/core';

/** A list of one city's or one state's guides (the /city and /state pages). */
export type ListScope = { kind: 'city' | 'state'; value: string };

type GuideListState = {
  search: string;
  sort: ListSort;
  /** City ids whose rows are expanded. */
  expanded: ReadonlySet<number>;
  /** Letter last chosen on the alphabet bar. */
  letter: string | null;
  /** The search box has had focus: load the search index before the first keystroke. */
  searchWarm: boolean;
  /**
   * The visitor chose a sort. Until then a large catalogue lists in its first page's order
   * (core FIRST_PAGE_SORT), so the page the shell preloaded is used as it is.
   */
  sorted: boolean;
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
  sorted: false,
};

/** Guide list state: search text, sort, expanded cities and the alphabet bar. */
export const useGuideList = create<GuideListState>((set) => ({
  ...initial,
  setSearch: (search) => set({ search }),
  // A new order starts from its beginning: a large catalogue's letter jump is part of its pages.
  setSort: (sort) => set({ sort, sorted: true, letter: null }),
  sortBy: (key) => set((s) => ({ sort: nextSort(s.sort, key), sorted: true, letter: null })),
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
