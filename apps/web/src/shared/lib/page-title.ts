import { useEffect } from 'react';
import { create } from 'zustand';

/** The title shown in the header (and the document title) for the current screen. */
export const usePageTitleStore = create<{ title: string; set: (t: string) => void }>((set) => ({
  title: '',
  set: (title) => set({ title }),
}));

export function usePageTitle(title: string) {
  const set = usePageTitleStore((s) => s.set);
  useEffect(() => {
    set(title);
    document.title = title ? `${title} · Earshot` : 'Earshot';
  }, [title, set]);
}
