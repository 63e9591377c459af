import { useSyncExternalStore } from 'react';

/** Whether the window is at least `px` wide (the editor's side panel against its tabs). */
export function useWide(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (change) => {
      const m = matchMedia(query);
      m.addEventListener('change', change);
      return () => m.removeEventListener('change', change);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}
