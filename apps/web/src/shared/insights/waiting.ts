/**
 * Whether insights events wait on the device (issue 20). Apart from track.ts so that the app's
 * entry, which checks it at start, does not carry the recording code (every visitor route's
 * first load, bench/README.md "Fourth pass"): that loads only when something waits.
 */
export const WAITING = 'earshot-insights-waiting';

export function insightsWaiting(): boolean {
  try {
    return localStorage.getItem(WAITING) !== null;
  } catch {
    // No storage: nothing can have been left.
    return false;
  }
}
