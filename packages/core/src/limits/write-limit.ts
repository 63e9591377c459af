/**
 * The per-address write limit: a fixed window per key (the caller's address and the route),
 * started by the key's first write and `windowMs` long; the write that finds `max` already in
 * it is refused. The same rule as @fastify/rate-limit's own in-memory store, kept here so the
 * database store (apps/server, one upsert per write) and its tests share one statement of it.
 */
export type WriteWindow = { count: number; resetAt: number };

/** Writes one address may make to one route per window, and the window (SPEC: anonymous writes). */
export const WRITE_LIMIT = { max: 120, windowMs: 60_000 } as const;

/**
 * The window after one more write at `now`: a window that has ended (or none yet) starts
 * again at 1, else its count grows. The database does this in one statement (an upsert), so
 * concurrent writes on several nodes are all counted.
 */
export function windowAfterWrite(
  prev: WriteWindow | null,
  now: number,
  windowMs: number,
): WriteWindow {
  if (!prev || prev.resetAt <= now) return { count: 1, resetAt: now + windowMs };
  return { count: prev.count + 1, resetAt: prev.resetAt };
}

/** Whether the write that made `window` is over the limit, and how long until it resets. */
export function writeVerdict(
  window: WriteWindow,
  now: number,
  max: number,
): { refused: boolean; ttlMs: number } {
  return { refused: window.count > max, ttlMs: Math.max(0, window.resetAt - now) };
}

/** A window may be forgotten once it has ended: the next write starts a new one anyway. */
export const windowExpired = (window: WriteWindow, now: number): boolean => window.resetAt <= now;
