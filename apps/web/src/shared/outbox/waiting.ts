/**
 * Whether something waits in an outbox, as a flag in local storage: the app reads it at start and
 * when back online, so a queue's code and IndexedDB load only when there is something to send.
 * Small on purpose: the app's entry carries it (every route's first load,
 * bench/results/2026-11-25-visitor-routes-js-and-sharp-tiles.md); the queues set and clear them
 * with outbox.ts's `markWaiting`.
 */
export const VISITS_WAITING = 'earshot-visits-waiting';
/** Insights events (docs/insights.md): set by track() as it holds one, cleared by the sender. */
export const INSIGHTS_WAITING = 'earshot-insights-waiting';

export function isWaiting(flag: string): boolean {
  try {
    return localStorage.getItem(flag) !== null;
  } catch {
    // No storage: nothing can have been left.
    return false;
  }
}
