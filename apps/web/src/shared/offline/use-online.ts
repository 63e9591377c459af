import { useSyncExternalStore } from 'react';
import { SAVED_ANSWER_HEADER } from '@earshot/core';

// The browser's flag says only whether a network interface is up: on a dead link, or on a
// page the service worker opened offline, it can say true. The last API answer says more.
let fromDevice = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Called with each API answer: whether the service worker gave it from the device. */
export function noteApiAnswer(res: Response): void {
  const saved = res.headers.has(SAVED_ANSWER_HEADER);
  if (saved === fromDevice) return;
  fromDevice = saved;
  notify();
}

const subscribe = (change: () => void) => {
  listeners.add(change);
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    listeners.delete(change);
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/** Whether the app has the network: the browser says so and the last API answer came from it. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !fromDevice,
    () => true,
  );
