import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_OUTBOX, INSIGHT_OUTBOX, type AttemptResult } from '@earshot/core';
import { ApiError, NO_ANSWER, incompatibleAnswer } from '../src/shared/api/client';
import {
  failedAttempt,
  markWaiting,
  oneRunAtATime,
  sendInTurn,
  withMemoryFallback,
} from '../src/shared/outbox/outbox';
import { INSIGHTS_WAITING, isWaiting } from '../src/shared/outbox/waiting';

// The generic outbox (src/shared/outbox/outbox.ts) on its own: the three queues that are
// configurations of it are visit-poi.test.ts, answer-local-time.test.ts and
// insights-sender.test.ts; each queue's policy is core's outbox-policy test.

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('failedAttempt', () => {
  it.each<[string, unknown, AttemptResult]>([
    ['a server status', new ApiError(503, 'down'), { status: 503 }],
    ['a refusal', new ApiError(400, 'bad'), { status: 400 }],
    ['no answer', new ApiError(NO_ANSWER, 'offline'), { status: null }],
    ['a timeout', new DOMException('timed out', 'TimeoutError'), { status: null }],
    ['an answer the app could not read', new SyntaxError('JSON'), { status: null }],
  ])('%s', (_name, e, result) => expect(failedAttempt(e)).toEqual(result));

  it('an answer in a form the app cannot read keeps the item without retrying', () => {
    expect(failedAttempt(incompatibleAnswer())).toEqual({ unreadable: true });
    expect(failedAttempt(new ApiError(500, 'x'))).toEqual({ status: 500 });
  });
});

describe('oneRunAtATime', () => {
  it('a call during a run goes over the queue once more when it ends, not twice at once', async () => {
    let passes = 0;
    let release!: () => void;
    const onEnd = vi.fn();
    const run = oneRunAtATime(async () => {
      passes++;
      if (passes === 1) await new Promise<void>((r) => (release = r));
    }, onEnd);
    const first = run();
    const second = run();
    const third = run();
    expect(passes).toBe(1);
    release();
    await Promise.all([first, second, third]);
    expect(passes).toBe(2);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});

type Item = { localId: string };
const items: Item[] = [{ localId: 'a' }, { localId: 'b' }, { localId: 'c' }];

describe('sendInTurn', () => {
  const turn = (results: Record<string, AttemptResult[]>, over = {}) => {
    const tried: string[] = [];
    const settled: [string, string][] = [];
    const sending: (string | null)[] = [];
    const q = {
      policy: ANSWER_OUTBOX,
      online: () => true,
      same: () => true,
      attempt: async (item: Item) => {
        tried.push(item.localId);
        return { result: results[item.localId]!.shift() ?? { status: 201 } };
      },
      settle: async (item: Item, _a: unknown, action: string) =>
        void settled.push([item.localId, action]),
      sending: (item: Item | null) => void sending.push(item?.localId ?? null),
      ...over,
    };
    return { q, tried, settled, sending };
  };

  it('each item in order: sent, refused, kept after its retries (1 s, 2 s, 4 s)', async () => {
    vi.useFakeTimers();
    const t = turn({
      a: [{ status: 201 }],
      b: [{ status: 400 }],
      c: [{ status: null }, { status: 503 }, { status: null }, { status: 429 }],
    });
    const done = sendInTurn(items, t.q);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.tried).toEqual(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(1 + 2000 + 4000);
    expect(await done).toBe(true);
    expect(t.tried).toEqual(['a', 'b', 'c', 'c', 'c', 'c']);
    expect(t.settled).toEqual([
      ['a', 'done'],
      ['b', 'drop'],
    ]);
    expect(t.sending).toEqual(['a', null, 'b', null, 'c', null, 'c', null, 'c', null, 'c', null]);
  });

  it('a policy without retries keeps the item at once and goes on', async () => {
    const t = turn({ a: [{ status: null }], b: [], c: [] }, { policy: INSIGHT_OUTBOX });
    expect(await sendInTurn(items, t.q)).toBe(true);
    expect(t.tried).toEqual(['a', 'b', 'c']);
    expect(t.settled.map(([id]) => id)).toEqual(['b', 'c']);
  });

  it('an unreadable answer keeps the item without a retry; the run goes on', async () => {
    const t = turn({ a: [{ unreadable: true }], b: [], c: [] });
    expect(await sendInTurn(items, t.q)).toBe(true);
    expect(t.tried).toEqual(['a', 'b', 'c']);
    expect(t.settled.map(([id]) => id)).toEqual(['b', 'c']);
  });

  it('a 401 stops the run: the rest stay queued', async () => {
    const t = turn({ a: [{ status: 201 }], b: [{ status: 401 }], c: [] });
    expect(await sendInTurn(items, t.q)).toBe(false);
    expect(t.tried).toEqual(['a', 'b']);
    expect(t.settled).toEqual([['a', 'done']]);
  });

  it('someone else signed in during an attempt: it counts as signed out, the run stops', async () => {
    let same = true;
    const t = turn({ a: [], b: [], c: [] });
    const attempt = t.q.attempt;
    t.q.same = () => same;
    t.q.attempt = async (item: Item) => {
      const a = await attempt(item);
      same = false;
      return a;
    };
    expect(await sendInTurn(items, t.q)).toBe(false);
    expect(t.tried).toEqual(['a']);
    expect(t.settled).toEqual([]);
  });

  it('offline: nothing is tried', async () => {
    const t = turn({ a: [], b: [], c: [] }, { online: () => false });
    expect(await sendInTurn(items, t.q)).toBe(false);
    expect(t.tried).toEqual([]);
  });
});

describe('withMemoryFallback', () => {
  it('IndexedDB failing: the items wait in memory, and leave from it', async () => {
    const store = withMemoryFallback<Item>({
      all: () => Promise.reject(new Error('no IndexedDB')),
      put: () => Promise.reject(new Error('no IndexedDB')),
      remove: () => Promise.reject(new Error('no IndexedDB')),
    });
    expect(await store.all()).toEqual([]);
    await store.put(items[0]!);
    await store.put(items[1]!);
    await store.remove(items[0]!);
    expect(await store.all()).toEqual([items[1]]);
  });

  it('a failed write keeps that item in memory from then on', async () => {
    const kept: Item[] = [];
    const store = withMemoryFallback<Item>({
      all: async () => kept,
      put: () => Promise.reject(new Error('quota')),
      remove: async () => undefined,
    });
    await store.put(items[2]!);
    expect(await store.all()).toEqual([items[2]]);
  });
});

describe('the waiting flags', () => {
  it('set and cleared in local storage', () => {
    expect(isWaiting(INSIGHTS_WAITING)).toBe(false);
    markWaiting(INSIGHTS_WAITING, true);
    expect(localStorage.getItem(INSIGHTS_WAITING)).toBe('1');
    expect(isWaiting(INSIGHTS_WAITING)).toBe(true);
    markWaiting(INSIGHTS_WAITING, false);
    expect(isWaiting(INSIGHTS_WAITING)).toBe(false);
  });
});
