import { describe, expect, it } from 'vitest';
import {
  WRITE_LIMIT,
  windowAfterWrite,
  windowExpired,
  writeVerdict,
  type WriteWindow,
} from '../../src/index.js';

const W = 60_000;

describe('the write limit', () => {
  it('is 120 writes a minute per address and route', () => {
    expect(WRITE_LIMIT).toEqual({ max: 120, windowMs: 60_000 });
  });
});

describe('windowAfterWrite', () => {
  it.each<[string, WriteWindow | null, number, WriteWindow]>([
    ['the first write starts a window', null, 1000, { count: 1, resetAt: 61_000 }],
    [
      'a write inside it counts',
      { count: 3, resetAt: 61_000 },
      30_000,
      { count: 4, resetAt: 61_000 },
    ],
    [
      'the last moment still counts',
      { count: 3, resetAt: 61_000 },
      60_999,
      { count: 4, resetAt: 61_000 },
    ],
    [
      'at its end a new one starts',
      { count: 9, resetAt: 61_000 },
      61_000,
      { count: 1, resetAt: 121_000 },
    ],
    [
      'long after, a new one starts',
      { count: 9, resetAt: 61_000 },
      500_000,
      { count: 1, resetAt: 560_000 },
    ],
  ])('%s', (_label, prev, now, expected) => {
    expect(windowAfterWrite(prev, now, W)).toEqual(expected);
  });

  it('refuses the write past max until the window ends, then allows again', () => {
    const max = 3;
    let w: WriteWindow | null = null;
    const verdicts: boolean[] = [];
    for (const t of [0, 10, 20, 30, 59_999, 60_000]) {
      w = windowAfterWrite(w, t, W);
      verdicts.push(writeVerdict(w, t, max).refused);
    }
    expect(verdicts).toEqual([false, false, false, true, true, false]);
  });
});

describe('writeVerdict', () => {
  it.each<[WriteWindow, number, number, { refused: boolean; ttlMs: number }]>([
    [{ count: 1, resetAt: 60_000 }, 0, 3, { refused: false, ttlMs: 60_000 }],
    [{ count: 3, resetAt: 60_000 }, 15_000, 3, { refused: false, ttlMs: 45_000 }],
    [{ count: 4, resetAt: 60_000 }, 15_000, 3, { refused: true, ttlMs: 45_000 }],
    [{ count: 4, resetAt: 60_000 }, 70_000, 3, { refused: true, ttlMs: 0 }],
  ])('%j at %i (max %i) → %j', (window, now, max, expected) => {
    expect(writeVerdict(window, now, max)).toEqual(expected);
  });
});

describe('windowExpired', () => {
  it.each([
    [59_999, false],
    [60_000, true],
    [90_000, true],
  ])('at %i: %s', (now, expired) => {
    expect(windowExpired({ count: 5, resetAt: 60_000 }, now)).toBe(expired);
  });
});
