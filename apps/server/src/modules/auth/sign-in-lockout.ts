import {
  SIGN_IN_LOCKOUT,
  accountKey,
  lockedUntil,
  lockoutChange,
  type LockoutRule,
} from '@earshot/core';
import { limitKey, type LimitsRepository } from '../limits/repository.js';

type Scope = 'account' | 'address';

/**
 * The failure times of the sign-in lockout (rules in packages/core), kept in the database:
 * every node counts together and a restart forgets nothing (docs/decisions/0015, which
 * replaces 0008's per-process counting). Old failures are swept by the limits module.
 */
export function signInLockout(
  limits: LimitsRepository,
  rules: Record<Scope, LockoutRule> = SIGN_IN_LOCKOUT,
  now: () => number = Date.now,
) {
  const keys = (email: string, ip: string): [Scope, string][] => [
    ['account', limitKey('sign-in account', accountKey(email))],
    ['address', limitKey('sign-in address', ip)],
  ];
  return {
    /** When sign-in for this account or from this address unlocks; null when it is allowed. */
    async lockedUntil(email: string, ip: string): Promise<number | null> {
      const t = now();
      const until = await Promise.all(
        keys(email, ip).map(async ([scope, key]) => {
          const rule = rules[scope];
          // The newest `max` failures decide (core lockedUntil reads no further back).
          return lockedUntil(await limits.failures(key, t - rule.windowMs, rule.max), t, rule);
        }),
      );
      const locked = until.filter((u): u is number => u !== null);
      return locked.length ? Math.max(...locked) : null;
    },
    async record(email: string, ip: string, outcome: 'success' | 'failure'): Promise<void> {
      const t = now();
      const add: string[] = [];
      for (const [scope, key] of keys(email, ip)) {
        const change = lockoutChange(outcome, scope);
        if (change === 'add') add.push(key);
        else if (change === 'clear') await limits.clearFailures(key);
      }
      await limits.addFailure(add, t);
    },
  };
}

export type SignInLockout = ReturnType<typeof signInLockout>;
