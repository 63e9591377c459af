import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';

const SUFFIX = ' · Earshot';

/**
 * The page's own title, read from the document the server sent (it carries the screen's
 * title already), so the header shows it from the first render instead of popping in.
 */
const initialTitle = () =>
  typeof document !== 'undefined' && document.title.endsWith(SUFFIX)
    ? document.title.slice(0, -SUFFIX.length)
    : '';

/** The title shown in the header (and the document title) for the current screen. */
export const usePageTitleStore = create<{ title: string; set: (t: string) => void }>((set) => ({
  title: initialTitle(),
  set: (title) => set({ title }),
}));

const currentTitle = () => usePageTitleStore.getState().title;
/**
 * The current title. Also in the build-time render of the page shells, which reads the
 * store as it is then (a plain store hook would read its initial state there).
 */
export const usePageTitleValue = () =>
  useSyncExternalStore(usePageTitleStore.subscribe, currentTitle, currentTitle);

export const documentTitle = (title: string) => (title ? `${title}${SUFFIX}` : 'Earshot');

export function usePageTitle(title: string) {
  const set = usePageTitleStore((s) => s.set);
  useEffect(() => {
    set(title);
    document.title = documentTitle(title);
  }, [title, set]);
}
