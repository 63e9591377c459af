import { describe, expect, it } from 'vitest';
import {
  attemptOutcome,
  pendingAnswer,
  queueFor,
  queueOrder,
  queueStep,
  shouldSync,
  type AttemptOutcome,
  type AttemptResult,
  type QueuedAnswer,
  type QueueStep,
} from '../../src/index.js';

const item = (localId: string, offlineCreatedAt: string, userId = 'u1'): QueuedAnswer => ({
  localId,
  idempotencyKey: `key-${localId}`,
  userId,
  challenge: 1,
  resourcetype: 'UserTextChallengeAnswer',
  value: 'x',
  hasPhoto: false,
  pending: true,
  offlineCreatedAt,
});

describe('attemptOutcome (SPEC §8 offline sync)', () => {
  it.each<[string, AttemptResult, AttemptOutcome]>([
    ['201 created', { status: 201 }, 'sent'],
    ['200: the same key again, the stored answer', { status: 200 }, 'sent'],
    ['no answer (network error or timeout)', { status: null }, 'network'],
    ['401', { status: 401 }, 'unauthorized'],
    ['signed out meanwhile', { signedOut: true }, 'unauthorized'],
    ['409 already answered', { status: 409 }, 'already-answered'],
    ['400 validation error', { status: 400 }, 'invalid'],
    ['403 forbidden', { status: 403 }, 'invalid'],
    ['404 challenge gone', { status: 404 }, 'invalid'],
    ['413 photo too large', { status: 413 }, 'invalid'],
    ['429 rate limited', { status: 429 }, 'server'],
    ['500', { status: 500 }, 'server'],
    ['503 restarting', { status: 503 }, 'server'],
  ])('%s → %s', (_name, result, outcome) => expect(attemptOutcome(result)).toBe(outcome));
});

describe('queueStep: the policy (SPEC §4, §8, §9: 3 retries, 1 s × 2^attempt)', () => {
  it.each<[string, AttemptOutcome, number, QueueStep]>([
    ['sent → done', 'sent', 0, { action: 'done' }],
    ['sent after retries → done', 'sent', 2, { action: 'done' }],
    ['409 already answered → done', 'already-answered', 0, { action: 'done' }],
    ['validation error → dropped', 'invalid', 0, { action: 'drop' }],
    ['401 or signed out → the run stops', 'unauthorized', 0, { action: 'stop' }],
    ['401 after a retry → the run stops', 'unauthorized', 1, { action: 'stop' }],
    ['1st network failure → retry in 1 s', 'network', 0, { action: 'retry', delayMs: 1000 }],
    ['2nd network failure → retry in 2 s', 'network', 1, { action: 'retry', delayMs: 2000 }],
    ['3rd network failure → retry in 4 s', 'network', 2, { action: 'retry', delayMs: 4000 }],
    ['4th network failure → kept queued', 'network', 3, { action: 'keep' }],
    ['a server error retries like the network', 'server', 0, { action: 'retry', delayMs: 1000 }],
    ['server errors exhausted → kept queued', 'server', 3, { action: 'keep' }],
  ])('%s', (_name, outcome, failed, step) => expect(queueStep(outcome, failed)).toEqual(step));

  it('a run of network failures tries 4 times and waits 7 s in all before keeping the item', () => {
    const waits: number[] = [];
    let failed = 0;
    for (;;) {
      const step = queueStep('network', failed);
      if (step.action !== 'retry') {
        expect(step.action).toBe('keep');
        break;
      }
      waits.push(step.delayMs);
      failed++;
    }
    expect(waits).toEqual([1000, 2000, 4000]);
  });
});

describe('queueOrder / queueFor (SPEC §4: oldest first)', () => {
  const a = item('a', '2026-05-04T10:00:02.000Z');
  const b = item('b', '2026-05-04T10:00:01.000Z');
  const c = item('c', '2026-05-04T10:00:01.000Z');
  const other = item('d', '2026-05-04T09:00:00.000Z', 'u2');

  it.each([
    ['oldest first', [a, b], ['b', 'a']],
    ['ties in the order made (local id)', [c, a, b], ['b', 'c', 'a']],
    ['empty', [], []],
  ] as const)('%s', (_name, list, order) =>
    expect(queueOrder(list).map((i) => i.localId)).toEqual(order),
  );

  it("a user's session sends only that user's answers", () => {
    expect(queueFor([a, other, b], 'u1').map((i) => i.localId)).toEqual(['b', 'a']);
    expect(queueFor([a, other, b], 'u2').map((i) => i.localId)).toEqual(['d']);
  });

  it('does not reorder its input', () => {
    const list = [a, b];
    queueOrder(list);
    expect(list).toEqual([a, b]);
  });
});

describe('shouldSync (SPEC §5)', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('online %s, signed in %s → %s', (online, signedIn, sync) =>
    expect(shouldSync({ online, signedIn })).toBe(sync),
  );
});

describe('pendingAnswer', () => {
  it('shows a queued item as an unchecked, pending answer made when it was given', () => {
    expect(pendingAnswer(item('a', '2026-05-04T10:00:00.000Z'))).toEqual({
      challenge: 1,
      value: 'x',
      resourcetype: 'UserTextChallengeAnswer',
      is_checked: false,
      is_correct: null,
      created_at: '2026-05-04T10:00:00.000Z',
      localId: 'a',
      offlineCreatedAt: '2026-05-04T10:00:00.000Z',
      pending: true,
    });
  });
});
