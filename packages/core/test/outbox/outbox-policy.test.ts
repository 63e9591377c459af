import { describe, expect, it } from 'vitest';
import {
  ANSWER_OUTBOX,
  attemptOutcome,
  INSIGHT_BATCH_MAX,
  INSIGHT_OUTBOX,
  INSIGHT_QUEUE_MAX,
  INSIGHT_RETRY_MS,
  MAX_QUEUED_VISITS,
  OUTBOX_ATTEMPT_TIMEOUT_MS,
  outboxStep,
  VISIT_OUTBOX,
  type AttemptOutcome,
  type OutboxPolicy,
  type QueueStep,
} from '../../src/index.js';

// The three outboxes (apps/web/src/shared/outbox/): one sending code, each queue's policy as
// data. The answer queue's step is answer-queue.test.ts, the visits' visit-queue.test.ts, the
// insights batches' insight-queue.test.ts.

describe('each outbox policy', () => {
  it.each<[string, OutboxPolicy, OutboxPolicy]>([
    [
      'answers: one a request, 3 retries from 1 s, no bound, no timer (SPEC §4, §8, §9)',
      ANSWER_OUTBOX,
      {
        attemptTimeoutMs: 30_000,
        batchMax: 1,
        itemsMax: Number.POSITIVE_INFINITY,
        retries: 3,
        retryBaseMs: 1000,
        rerunMs: null,
      },
    ],
    [
      'visits: the answers’ policy, at most 100 waiting',
      VISIT_OUTBOX,
      {
        attemptTimeoutMs: 30_000,
        batchMax: 1,
        itemsMax: 100,
        retries: 3,
        retryBaseMs: 1000,
        rerunMs: null,
      },
    ],
    [
      'insights: batches of 50, no retry within a run, again every 15 s, at most 5,000 kept',
      INSIGHT_OUTBOX,
      {
        attemptTimeoutMs: 30_000,
        batchMax: 50,
        itemsMax: 5000,
        retries: 0,
        retryBaseMs: 0,
        rerunMs: 15_000,
      },
    ],
  ])('%s', (_name, policy, expected) => expect(policy).toEqual(expected));

  it('names the numbers the queues’ own rules use', () => {
    expect(OUTBOX_ATTEMPT_TIMEOUT_MS).toBe(30_000);
    expect(VISIT_OUTBOX.itemsMax).toBe(MAX_QUEUED_VISITS);
    expect(INSIGHT_OUTBOX).toMatchObject({
      batchMax: INSIGHT_BATCH_MAX,
      itemsMax: INSIGHT_QUEUE_MAX,
      rerunMs: INSIGHT_RETRY_MS,
    });
  });
});

describe('attemptOutcome: an answer the app cannot read', () => {
  it('is its own outcome, apart from no answer', () => {
    expect(attemptOutcome({ unreadable: true })).toBe('unreadable');
    expect(attemptOutcome({ status: null })).toBe('network');
  });
});

describe('outboxStep: what an attempt means, by the policy', () => {
  const twice: Pick<OutboxPolicy, 'retries' | 'retryBaseMs'> = { retries: 2, retryBaseMs: 500 };
  it.each<
    [string, Pick<OutboxPolicy, 'retries' | 'retryBaseMs'>, AttemptOutcome, number, QueueStep]
  >([
    ['sent → done', ANSWER_OUTBOX, 'sent', 0, { action: 'done' }],
    ['already answered → done', VISIT_OUTBOX, 'already-answered', 1, { action: 'done' }],
    ['refused → dropped', ANSWER_OUTBOX, 'invalid', 0, { action: 'drop' }],
    ['unauthorized → the run stops', VISIT_OUTBOX, 'unauthorized', 0, { action: 'stop' }],
    ['unreadable → kept at once, no retry', ANSWER_OUTBOX, 'unreadable', 0, { action: 'keep' }],
    ['unreadable after a retry → kept', VISIT_OUTBOX, 'unreadable', 2, { action: 'keep' }],
    [
      'no answer, answers → retry in 1 s',
      ANSWER_OUTBOX,
      'network',
      0,
      { action: 'retry', delayMs: 1000 },
    ],
    [
      'no answer, answers, 3rd → 4 s',
      ANSWER_OUTBOX,
      'network',
      2,
      { action: 'retry', delayMs: 4000 },
    ],
    ['no answer, answers, 4th → kept', ANSWER_OUTBOX, 'network', 3, { action: 'keep' }],
    [
      'server error, visits → retry in 2 s',
      VISIT_OUTBOX,
      'server',
      1,
      { action: 'retry', delayMs: 2000 },
    ],
    [
      'no answer, insights → kept (no retry in a run)',
      INSIGHT_OUTBOX,
      'network',
      0,
      { action: 'keep' },
    ],
    ['another policy: 500 ms, then 1 s', twice, 'server', 1, { action: 'retry', delayMs: 1000 }],
    ['another policy: exhausted after 2', twice, 'network', 2, { action: 'keep' }],
  ])('%s', (_name, policy, outcome, failed, step) =>
    expect(outboxStep(policy, outcome, failed)).toEqual(step),
  );
});
