import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADA, sentHeaders, serve } from './auth-fetch';

// Challenge answers carry the local time they were given (`X-Local-Time`) and the visit's
// language (`X-Language`), kept in the offline answer queue (docs/insights.md): an answer
// given offline yesterday is counted yesterday. The server's side is the API suite's insights
// tests.

const PATH = '/api/v1/user_answers/';
let online = true;
/** The stored answer as the server gives it back. */
const stored = (value: string) => ({
  id: 9,
  challenge: 3,
  value,
  resourcetype: 'UserNumberChallengeAnswer',
  value_medium: null,
  medium_image: null,
  value_thumbnail: null,
  is_checked: true,
  is_correct: true,
  created_at: '2026-11-25T08:05:00Z',
  updated_at: '2026-11-25T08:05:00Z',
  checked_at: null,
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  globalThis.indexedDB = new IDBFactory();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('an answer given offline', () => {
  it('is sent later with the local day and hour it was given and the visit language', async () => {
    const { useAuthStore } = await import('../src/shared/auth/store');
    const { giveAnswer } = await import('../src/shared/answers/submit');
    const { syncAnswers } = await import('../src/shared/answers/sync');
    const { openGuideScreen } = await import('../src/shared/insights/track');
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    openGuideScreen('riverfront-sculpture-walk', 'es');
    online = false;
    vi.setSystemTime(new Date(2026, 10, 24, 21, 45));
    await giveAnswer({ challenge: 3, type: 'NumberChallenge', value: '42', photo: null }, () => {});

    // Back online the next morning.
    vi.setSystemTime(new Date(2026, 10, 25, 8, 5));
    online = true;
    const fetch = serve({
      [PATH]: { status: 201, body: stored('42') },
    });
    await syncAnswers();
    expect(fetch).toHaveBeenCalled();
    expect(sentHeaders(fetch, PATH)['X-Local-Time']).toBe('2026-11-24T21');
    expect(sentHeaders(fetch, PATH)['X-Language']).toBe('es');
  });

  it('an answer queued before local times were kept goes with its creation time', async () => {
    const { useAuthStore } = await import('../src/shared/auth/store');
    const { putQueued } = await import('../src/shared/outbox/queue-db');
    const { syncAnswers } = await import('../src/shared/answers/sync');
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    await putQueued(
      {
        localId: 'old',
        idempotencyKey: 'old-key',
        userId: ADA.id,
        challenge: 3,
        resourcetype: 'UserNumberChallengeAnswer',
        value: '7',
        hasPhoto: false,
        pending: true,
        offlineCreatedAt: new Date(2026, 10, 23, 7, 30).toISOString(),
      },
      null,
    );
    const fetch = serve({
      [PATH]: { status: 201, body: stored('7') },
    });
    await syncAnswers();
    expect(sentHeaders(fetch, PATH)['X-Local-Time']).toBe('2026-11-23T07');
    expect(sentHeaders(fetch, PATH)['X-Language']).toBeUndefined();
  });
});
