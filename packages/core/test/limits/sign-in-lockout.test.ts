import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_LOCKOUT,
  SIGN_IN_WINDOW_MS,
  accountKey,
  attemptAdmitted,
  failuresAfter,
  lockedUntil,
  lockoutChange,
  recentFailures,
  type LockoutRule,
} from '../../src/index.js';

const MIN = 60_000;
const rule: LockoutRule = { max: 3, windowMs: 10 * MIN };

describe('the lockout rules', () => {
  it('counts per account 5 and per address 20 failures over 10 minutes', () => {
    expect(SIGN_IN_WINDOW_MS).toBe(10 * MIN);
    expect(SIGN_IN_LOCKOUT.account).toEqual({ max: 5, windowMs: 10 * MIN });
    expect(SIGN_IN_LOCKOUT.address).toEqual({ max: 20, windowMs: 10 * MIN });
  });
});

describe('recentFailures', () => {
  it.each([
    [[], 100 * MIN, []],
    [[1 * MIN, 95 * MIN, 99 * MIN], 100 * MIN, [95 * MIN, 99 * MIN]],
    // Exactly 10 minutes old has left the window; a time in the future is not counted.
    [[90 * MIN, 90 * MIN + 1, 101 * MIN], 100 * MIN, [90 * MIN + 1]],
    [[99 * MIN, 95 * MIN], 100 * MIN, [95 * MIN, 99 * MIN]],
  ])('of %j at %i is %j', (times, now, expected) => {
    expect(recentFailures(times, now, rule)).toEqual(expected);
  });
});

describe('lockedUntil', () => {
  it.each([
    ['no failures', [], 50 * MIN, null],
    ['fewer than max in the window', [48 * MIN, 49 * MIN], 50 * MIN, null],
    ['max in the window', [41 * MIN, 45 * MIN, 49 * MIN], 50 * MIN, 51 * MIN],
    ['max, the oldest just gone', [40 * MIN, 45 * MIN, 49 * MIN], 50 * MIN, null],
    // With more than max, it stays locked until only max - 1 remain.
    ['more than max', [41 * MIN, 43 * MIN, 45 * MIN, 49 * MIN], 50 * MIN, 53 * MIN],
    ['old failures do not count', [1 * MIN, 2 * MIN, 3 * MIN], 50 * MIN, null],
  ])('%s', (_label, times, now, expected) => {
    expect(lockedUntil(times, now, rule)).toBe(expected);
  });

  it('locks at the max-th failure and lifts 10 minutes after the first of them', () => {
    let times: number[] = [];
    for (let i = 0; i < rule.max; i++) {
      expect(lockedUntil(times, i * MIN, rule)).toBeNull();
      times = failuresAfter(times, 'failure', 'account', i * MIN, rule);
    }
    expect(lockedUntil(times, 3 * MIN, rule)).toBe(10 * MIN);
    expect(lockedUntil(times, 10 * MIN - 1, rule)).toBe(10 * MIN);
    expect(lockedUntil(times, 10 * MIN, rule)).toBeNull();
  });
});

describe('failuresAfter', () => {
  it.each([
    ['a failure is added', [5 * MIN], 'failure', 'account', 6 * MIN, [5 * MIN, 6 * MIN]],
    [
      'old ones are dropped',
      [1 * MIN, 15 * MIN],
      'failure',
      'address',
      20 * MIN,
      [15 * MIN, 20 * MIN],
    ],
    ['only the newest max are kept', [1, 2, 3], 'failure', 'account', 4, [2, 3, 4]],
    ['success clears an account', [5 * MIN, 6 * MIN], 'success', 'account', 7 * MIN, []],
    [
      'success keeps an address',
      [5 * MIN, 6 * MIN],
      'success',
      'address',
      7 * MIN,
      [5 * MIN, 6 * MIN],
    ],
  ] as const)('%s', (_label, times, outcome, scope, now, expected) => {
    expect(failuresAfter(times, outcome, scope, now, rule)).toEqual(expected);
  });
});

describe('lockoutChange', () => {
  it.each([
    ['failure', 'account', 'add'],
    ['failure', 'address', 'add'],
    ['success', 'account', 'clear'],
    ['success', 'address', 'keep'],
  ] as const)('a %s for an %s: %s', (outcome, scope, change) => {
    expect(lockoutChange(outcome, scope)).toBe(change);
  });
});

describe('attemptAdmitted', () => {
  it.each([
    [1, true],
    [3, true],
    [4, false],
    [9, false],
  ])('rank %i of max 3: %s', (rank, admitted) => {
    expect(attemptAdmitted(rank, rule)).toBe(admitted);
  });
});

describe('accountKey', () => {
  it.each([
    ['Ada@Example.org', 'ada@example.org'],
    ['  ada@example.org ', 'ada@example.org'],
  ])('%s → %s', (email, key) => {
    expect(accountKey(email)).toBe(key);
  });
});
