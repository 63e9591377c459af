import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (cb: () => void) => {
  document.addEventListener('fullscreenchange', cb);
  return () => document.removeEventListener('fullscreenchange', cb);
};

/** Whether the page is fullscreen, whether it can be, and a toggle. */
export function useFullscreen() {
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { active, supported, toggle };
}

/** The element shown full screen, or null: popovers render into it so they stay in view. */
export function useFullscreenElement(): Element | null {
  return useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement,
    () => null,
  );
}
