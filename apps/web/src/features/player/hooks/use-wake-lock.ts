import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (audio playing), where the browser offers the Screen
 * Wake Lock. The browser drops the lock when the page is hidden, so it is asked for again
 * when the page shows.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let done = false;
    const acquire = () => {
      if (done || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      navigator.wakeLock
        .request('screen')
        .then((l) => {
          if (done) void l.release().catch(() => undefined);
          else lock = l;
        })
        // Refused (battery saver, no permission): the audio plays on regardless.
        .catch(() => undefined);
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
