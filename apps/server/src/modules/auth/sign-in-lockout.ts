import {
  SIGN_IN_LOCKOUT,
  accountKey,
  attemptAdmitted,
  lockedUntil,
  lockoutChange,
  type LockoutRule,
} from '@earshot/core';
import { limitKey, type LimitsRepository } from '../limits/repository.js';

type Scope = 'account' | 'address';

/** An attempt let through: its failure rows, kept if it fails, taken back otherwise. */
export type SignInTicket = { email: string; ip: string; rows: [Scope, string, number][] };

/**
 * The failure times of the sign-in lockout (rules in packages/core), kept in the database:
 * every node counts together and a restart forgets nothing (docs/decisions/0015, which
 * replaces 0008's per-process counting). An attempt is counted as a failure before its
 * password is checked, so attempts racing on several nodes see each other and no more than
 * `max` get through; success takes the count back. Old failures are swept by the limits module.
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

  /** When sign-in for this account or from this address unlocks; null when it is allowed. */
  async function until(email: string, ip: string, t: number): Promise<number | null> {
    const times = await Promise.all(
      keys(email, ip).map(async ([scope, key]) => {
        const rule = rules[scope];
        // The newest `max` failures decide (core lockedUntil reads no further back).
        return lockedUntil(await limits.failures(key, t - rule.windowMs, rule.max), t, rule);
      }),
    );
    const locked = times.filter((u): u is number => u !== null);
    return locked.length ? Math.max(...locked) : null;
  }

  return {
    lockedUntil: (email: string, ip: string) => until(email, ip, now()),

    /**
     * Before the password is checked: `{ locked }` (when it unlocks: refuse without counting)
     * or `{ ticket }` to `settle` with the outcome.
     */
    async attempt(
      email: string,
      ip: string,
    ): Promise<{ locked: number; ticket?: never } | { ticket: SignInTicket; locked?: never }> {
      const t = now();
      const locked = await until(email, ip, t);
      if (locked !== null) return { locked };
      const rows: SignInTicket['rows'] = [];
      for (const [scope, key] of keys(email, ip))
        rows.push([scope, key, await limits.addAttempt(key, t)]);
      const ranks = await Promise.all(
        rows.map(([scope, key, id]) => limits.rank(key, id, t - rules[scope].windowMs)),
      );
      if (ranks.every((rank, i) => attemptAdmitted(rank, rules[rows[i]![0]])))
        return { ticket: { email, ip, rows } };
      // Others got there first: locked now. This attempt is not counted.
      await limits.removeFailures(rows.map(([, , id]) => id));
      return { locked: (await until(email, ip, t)) ?? t + rules.account.windowMs };
    },

    /** The outcome of a ticket's sign-in; anything but a failure takes its count back. */
    async settle(ticket: SignInTicket, outcome: 'success' | 'failure' | 'other'): Promise<void> {
      const taken: number[] = [];
      for (const [scope, key, id] of ticket.rows) {
        const change = outcome === 'other' ? 'keep' : lockoutChange(outcome, scope);
        if (change === 'clear') await limits.clearFailures(key);
        else if (change === 'keep') taken.push(id);
      }
      await limits.removeFailures(taken);
    },
  };
}

export type SignInLockout = ReturnType<typeof signInLockout>;
