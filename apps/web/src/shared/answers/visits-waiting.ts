/**
 * Whether visits wait in the offline queue, in local storage: the app reads it at start and
 * when back online, so the queue's code and IndexedDB load only when there is a visit to send.
 */
const KEY = 'earshot-visits-waiting';

export function visitsWaiting(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markVisitsWaiting(waiting: boolean): void {
  try {
    if (waiting) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // No storage: the visits are still sent by this page's own runs.
  }
}
