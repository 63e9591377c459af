import {
  SIGN_IN_LOCKOUT,
  accountKey,
  failuresAfter,
  lockedUntil,
  recentFailures,
  type LockoutRule,
} from '@earshot/core';

type Scope = 'account' | 'address';

/**
 * The failure times of the sign-in lockout (rules in packages/core), kept in this process's
 * memory: a restart forgets them and each node of a scaled-out deployment counts on its own
 * (docs/decisions/0008). Bounded: keys with no recent failure are swept as the map grows.
 */
export function signInLockout(
  rules: Record<Scope, LockoutRule> = SIGN_IN_LOCKOUT,
  now: () => number = Date.now,
) {
  const failures = new Map<string, number[]>();
  const keys = (email: string, ip: string): [Scope, string][] => [
    ['account', `account:${accountKey(email)}`],
    ['address', `address:${ip}`],
  ];
  const sweep = (t: number) => {
    for (const [key, times] of failures) {
      const scope: Scope = key.startsWith('account:') ? 'account' : 'address';
      if (recentFailures(times, t, rules[scope]).length === 0) failures.delete(key);
    }
  };
  return {
    /** When sign-in for this account or from this address unlocks; null when it is allowed. */
    lockedUntil(email: string, ip: string): number | null {
      const t = now();
      const until = keys(email, ip)
        .map(([scope, key]) => lockedUntil(failures.get(key) ?? [], t, rules[scope]))
        .filter((u): u is number => u !== null);
      return until.length ? Math.max(...until) : null;
    },
    record(email: string, ip: string, outcome: 'success' | 'failure'): void {
      const t = now();
      for (const [scope, key] of keys(email, ip)) {
        const next = failuresAfter(failures.get(key) ?? [], outcome, scope, t, rules[scope]);
        if (next.length) failures.set(key, next);
        else failures.delete(key);
      }
      if (failures.size > 10_000) sweep(t);
    },
  };
}

export type SignInLockout = ReturnType<typeof signInLockout>;
