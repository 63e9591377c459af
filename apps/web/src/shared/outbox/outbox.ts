import { attemptOutcome, outboxStep, type AttemptResult, type OutboxPolicy } from '@earshot/core';
import { ApiError, NO_ANSWER, isIncompatible } from '../api/client';

// The device's outboxes (SPEC §4, §8): the challenge answers (answers/sync.ts), the stop
// visits (stop-visits/visit-queue.ts) and the insights events (insights/sender.ts) each keep
// what they send in IndexedDB (queue-db.ts) until the server has answered for it. The sending
// is this module's; each queue's policy (batch, bound, retries, timeout, what a reply means)
// is core's outbox-policy.ts.

/**
 * A queue's sender, one run at a time: a call during a run makes it go over the queue once
 * more when it ends, so what was queued meanwhile is not left behind. `onEnd` runs after each.
 */
export function oneRunAtATime(pass: () => Promise<void>, onEnd?: () => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again);
    })().finally(() => {
      running = null;
      onEnd?.();
    });
    return running;
  };
}

/** The signal of one attempt: it counts as no answer after the policy's timeout. */
export const attemptSignal = (policy: Pick<OutboxPolicy, 'attemptTimeoutMs'>): AbortSignal =>
  AbortSignal.timeout(policy.attemptTimeoutMs);

/**
 * What an attempt that threw says: the server's status, or no answer (offline, timed out, or a
 * reply that did not arrive whole: the server may hold the item, so the same key tries again).
 * An answer in a form this app cannot read (a newer server, client.ts `incompatibleAnswer`)
 * keeps the item without retrying it in this run (core's 'unreadable' outcome): the app's next
 * version sends it with the same key.
 */
export function failedAttempt(e: unknown): AttemptResult {
  if (isIncompatible(e)) return { unreadable: true };
  return e instanceof ApiError && e.status !== NO_ANSWER ? { status: e.status } : { status: null };
}

/** Sets or clears a queue's flag that something waits (waiting.ts reads it). */
export function markWaiting(flag: string, waiting: boolean): void {
  try {
    if (waiting) localStorage.setItem(flag, '1');
    else localStorage.removeItem(flag);
  } catch {
    // No storage: this page's own runs still send what it holds.
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One queue's pass, item by item (answers and visits: one a request). */
export type InTurn<T, A extends { result: AttemptResult }> = {
  policy: OutboxPolicy;
  /** Whether the device may send now (online, and for answers signed in). */
  online: () => boolean;
  /** Whether who started the run is still the one signed in (else: the run stops). */
  same: () => boolean;
  attempt: (item: T) => Promise<A>;
  /** The item leaves the queue: sent ('done') or refused ('drop'). */
  settle: (item: T, attempt: A, action: 'done' | 'drop') => Promise<void>;
  /** The item being sent, null between attempts. */
  sending?: (item: T | null) => void;
};

/**
 * One pass over `items` in order, each tried by the queue's policy (core's outboxStep): sent
 * or refused, it leaves; no answer or a server failure, it is tried again after the policy's
 * wait, then kept for the next run; offline, a 401 or another session since, the run stops
 * and everything stays queued. Whether the pass went over every item.
 */
export async function sendInTurn<T, A extends { result: AttemptResult }>(
  items: readonly T[],
  q: InTurn<T, A>,
): Promise<boolean> {
  for (const item of items) {
    for (let failed = 0; ; failed++) {
      if (!q.online() || !q.same()) return false;
      q.sending?.(item);
      const a = await q.attempt(item);
      const result = q.same() ? a.result : { signedOut: true as const };
      const step = outboxStep(q.policy, attemptOutcome(result), failed);
      q.sending?.(null);
      if (step.action === 'retry') {
        await wait(step.delayMs);
        continue;
      }
      if (step.action === 'stop') return false;
      if (step.action !== 'keep') await q.settle(item, a, step.action);
      break;
    }
  }
  return true;
}

/**
 * A queue's IndexedDB store that falls back to this page's memory when IndexedDB fails (some
 * private windows): what waits then waits in this page only. The visits' (the answers need
 * IndexedDB for their pictures; the insights fall back to local storage).
 */
export function withMemoryFallback<T extends { localId: string }>(db: {
  all: () => Promise<T[]>;
  put: (item: T) => Promise<void>;
  remove: (localId: string) => Promise<void>;
}) {
  let memory: T[] | null = null;
  return {
    async all(): Promise<T[]> {
      if (memory) return memory;
      try {
        return await db.all();
      } catch {
        return (memory = []);
      }
    },
    async put(item: T): Promise<void> {
      if (memory) memory.push(item);
      else await db.put(item).catch(() => void (memory = [item]));
    },
    async remove(item: T): Promise<void> {
      if (memory) memory = memory.filter((v) => v.localId !== item.localId);
      else await db.remove(item.localId).catch(() => undefined);
    },
  };
}
