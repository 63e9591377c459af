/**
 * Sign-in brute-force lockout (SPEC §8 'You have tried to login too many times. Try again in
 * 10 minutes'). Failed sign-ins are counted per account (the e-mail address) and per address
 * (the caller's IP) over a sliding window; a key with `max` failures inside the window is
 * locked until enough of them age out. Pure: the server keeps the failure times (in the
 * database, shared by every node: apps/server modules/auth/sign-in-lockout.ts).
 */
export type LockoutRule = { max: number; windowMs: number };

export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

/** 5 wrong passwords for one account; 20 for one address (several people may share one). */
export const SIGN_IN_LOCKOUT = {
  account: { max: 5, windowMs: SIGN_IN_WINDOW_MS },
  address: { max: 20, windowMs: SIGN_IN_WINDOW_MS },
} as const satisfies Record<string, LockoutRule>;

/** The failure times still inside the window that ends at `now`, oldest first. */
export function recentFailures(times: readonly number[], now: number, rule: LockoutRule): number[] {
  return times.filter((t) => t > now - rule.windowMs && t <= now).sort((a, b) => a - b);
}

/** When the key unlocks (ms since the epoch), or null when it is not locked at `now`. */
export function lockedUntil(
  times: readonly number[],
  now: number,
  rule: LockoutRule,
): number | null {
  const recent = recentFailures(times, now, rule);
  if (recent.length < rule.max) return null;
  // It unlocks once fewer than `max` failures remain in the window.
  return recent[recent.length - rule.max]! + rule.windowMs;
}

/**
 * The failure times to keep after a sign-in attempt that was let through. A failure is added;
 * only the newest `max` are kept (enough to decide, and bounded). A success clears an
 * account's failures but not its address's, so signing in to one's own account never resets
 * the count of guesses made from that address at other accounts.
 */
export function failuresAfter(
  times: readonly number[],
  outcome: 'success' | 'failure',
  scope: 'account' | 'address',
  now: number,
  rule: LockoutRule,
): number[] {
  const change = lockoutChange(outcome, scope);
  if (change === 'clear') return [];
  if (change === 'keep') return recentFailures(times, now, rule);
  return [...recentFailures(times, now, rule), now].slice(-rule.max);
}

/**
 * What a sign-in attempt that was let through does to a key's stored failures: a failure is
 * added, a success clears an account's and keeps an address's. A store shared by several
 * nodes applies it as one statement (an insert or a delete), never read-then-write.
 */
export function lockoutChange(
  outcome: 'success' | 'failure',
  scope: 'account' | 'address',
): 'add' | 'clear' | 'keep' {
  if (outcome === 'failure') return 'add';
  return scope === 'account' ? 'clear' : 'keep';
}

/** The key a failure is counted under for an account: the address as typed, case-folded. */
export const accountKey = (email: string): string => email.trim().toLowerCase();

/**
 * Whether a sign-in attempt may check its password. Each attempt is first counted as a failure
 * (so attempts racing on several nodes all see each other); `rank` is its place among the
 * key's failures in the window, oldest first, itself included. Only the first `max` may go
 * ahead: the rest are refused as locked, and their count is taken back.
 */
export const attemptAdmitted = (rank: number, rule: LockoutRule): boolean => rank <= rule.max;
