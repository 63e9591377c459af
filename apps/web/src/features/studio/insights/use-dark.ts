import { useSyncExternalStore } from 'react';

const subscribe = (change: () => void) => {
  const watch = new MutationObserver(change);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => watch.disconnect();
};
const read = () => document.documentElement.dataset.theme === 'dark';

/** Whether the app is in its dark look: canvas charts draw their colours again when it changes. */
export const useDark = () => useSyncExternalStore(subscribe, read, () => false);
