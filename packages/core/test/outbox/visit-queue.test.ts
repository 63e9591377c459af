import { describe, expect, it } from 'vitest';
import {
  MAX_QUEUED_VISITS,
  visitJoin,
  visitsFor,
  visitStep,
  type AttemptResult,
  type QueuedVisit,
  type QueueStep,
  type VisitJoin,
} from '../../src/index.js';

const visit = (
  localId: string,
  over: Partial<QueuedVisit> = {},
  offlineCreatedAt = '2026-05-01T10:00:00.000Z',
): QueuedVisit => ({
  localId,
  idempotencyKey: `key-${localId}`,
  userId: 'u1',
  guide_token: 'g',
  poi_token: 'p1',
  language: 'en',
  offlineCreatedAt,
  ...over,
});

describe('visitJoin: one waiting visit per person and stop', () => {
  const queue = [visit('a'), visit('b', { userId: null, poi_token: 'p2' })];
  it.each<[string, Partial<QueuedVisit>, VisitJoin]>([
    ['the same user at the same stop (the trigger again after a reload)', {}, 'duplicate'],
    ['the same user at another stop', { poi_token: 'p2' }, 'join'],
    ['the same stop token in another guide', { guide_token: 'h' }, 'join'],
    ['another user at the same stop', { userId: 'u2' }, 'join'],
    ['a visitor at the same stop as a signed-in user', { userId: null }, 'join'],
    ['a visitor again at their own waiting stop', { userId: null, poi_token: 'p2' }, 'duplicate'],
  ])('%s: %s', (_name, over, expected) => {
    expect(visitJoin(queue, visit('new', over))).toBe(expected);
  });

  it('refuses a new visit when the queue is full, but still calls a duplicate one', () => {
    const full = Array.from({ length: MAX_QUEUED_VISITS }, (_, i) =>
      visit(`v${i}`, { poi_token: `p${i}` }),
    );
    expect(visitJoin(full, visit('new', { poi_token: 'elsewhere' }))).toBe('full');
    expect(visitJoin(full, visit('new', { poi_token: 'p7' }))).toBe('duplicate');
    expect(visitJoin(full.slice(1), visit('new', { poi_token: 'elsewhere' }))).toBe('join');
  });
});

describe('visitsFor: each session sends its own, oldest first', () => {
  const items = [
    visit('c', {}, '2026-05-01T10:02:00.000Z'),
    visit('a', { userId: null }, '2026-05-01T10:00:00.000Z'),
    visit('b', {}, '2026-05-01T10:01:00.000Z'),
    visit('d', { userId: 'u2' }, '2026-05-01T09:00:00.000Z'),
    visit('e', {}, '2026-05-01T10:01:00.000Z'),
  ];
  it.each<[string | null, string[]]>([
    ['u1', ['b', 'e', 'c']],
    ['u2', ['d']],
    [null, ['a']],
    ['u3', []],
  ])('user %j sends %j', (userId, expected) => {
    expect(visitsFor(items, userId).map((v) => v.localId)).toEqual(expected);
  });
});

describe('visitStep: what an attempt means for a waiting visit', () => {
  it.each<[string, AttemptResult, number, QueueStep]>([
    ['201 recorded', { status: 201 }, 0, { action: 'done' }],
    [
      '200: the key again, the first reply (a reply lost before)',
      { status: 200 },
      0,
      { action: 'done' },
    ],
    ['409: the key is stored or running', { status: 409 }, 0, { action: 'done' }],
    ['404: the stop left the guide', { status: 404 }, 0, { action: 'drop' }],
    ['400: refused', { status: 400 }, 0, { action: 'drop' }],
    ['no signal, first failure', { status: null }, 0, { action: 'retry', delayMs: 1000 }],
    ['no signal, second failure', { status: null }, 1, { action: 'retry', delayMs: 2000 }],
    ['server error, third failure', { status: 503 }, 2, { action: 'retry', delayMs: 4000 }],
    ['no signal after three retries: kept for later', { status: null }, 3, { action: 'keep' }],
    ['401: the run stops, the visit waits', { status: 401 }, 0, { action: 'stop' }],
    ['signed out meanwhile', { signedOut: true }, 0, { action: 'stop' }],
  ])('%s', (_name, result, failedBefore, expected) => {
    expect(visitStep(result, failedBefore)).toEqual(expected);
  });
});
