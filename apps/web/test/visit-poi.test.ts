import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitPoiResult } from '@earshot/core';
import { ADA, sentBody, sentHeaders, serve, type Answer } from './auth-fetch';

// The real server's side of visit_poi/ (points once per user and POI, one record per
// Idempotency-Key) is the API suite's participation-visits test and e2e's badges spec; the
// queue's rules are core's visit-queue test. IndexedDB here is fake-indexeddb, kept across a
// "reload" (the modules loaded afresh).

const PATH = '/api/v1/visit_poi/';
const VISIT = { guide_token: 'walk', poi_token: 'rsw-03', language: 'en' };
const LEVEL = {
  id: 1,
  name: 'Bronze',
  image: null,
  token: 'b1-bronze',
  required: 3,
  badge: 1,
  badge_token: 'b1',
};
const COUNTED: VisitPoiResult = {
  ok: true,
  counted: true,
  awards: [
    {
      award: {
        id: 1,
        badge_token: 'b1',
        state: 'created',
        points: 3,
        badge_id: 1,
        badge: { id: 1, token: 'b1' },
        image: null,
      },
      badge: { id: 1, token: 'b1', name: 'River Explorer', message: '', image: null },
      points_before: 2,
      points_after: 3,
      level_before: null,
      level_after: LEVEL,
      new_badge: true,
      level_up: true,
    },
  ],
};

/** The modules afresh, as after a reload of the page: only IndexedDB and local storage stay. */
const load = async () => {
  vi.resetModules();
  const { recordVisit } = await import('../src/features/location-triggers/api/post-visit-poi');
  const { sendVisits } = await import('../src/shared/stop-visits/visit-queue');
  const { allVisits } = await import('../src/shared/outbox/queue-db');
  const { isWaiting, VISITS_WAITING } = await import('../src/shared/outbox/waiting');
  const visitsWaiting = () => isWaiting(VISITS_WAITING);
  const { useAuthStore } = await import('../src/shared/auth/store');
  const { useBadgeNews } = await import('../src/shared/badges/news-store');
  return { recordVisit, sendVisits, allVisits, visitsWaiting, useAuthStore, useBadgeNews };
};
const settle = () => new Promise((r) => setTimeout(r, 20));
let online = true;
const keysSent = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  globalThis.indexedDB = new IDBFactory();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

describe('recordVisit (SPEC §7 visit_poi/)', () => {
  it('signed in, sends the visit with Authorization and a key, and hands the answer to the badge news', async () => {
    const { recordVisit, allVisits, visitsWaiting, useAuthStore, useBadgeNews } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    const fetch = serve({ [PATH]: { status: 201, body: COUNTED } });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(useBadgeNews.getState().counted).toBe(1));
    expect(sentHeaders(fetch, PATH).authorization).toBe('Bearer tok.sig');
    expect(sentHeaders(fetch, PATH)['Idempotency-Key']).toMatch(/^[\w-]{8,80}$/);
    expect(sentBody(fetch, PATH)).toEqual(VISIT);
    expect(useBadgeNews.getState().queue.map((c) => c.text)).toEqual([
      'New badge: River Explorer, Bronze',
    ]);
    await vi.waitFor(async () => expect(await allVisits()).toEqual([]));
    expect(visitsWaiting()).toBe(false);
  });

  it('a visitor sends none', async () => {
    const { recordVisit } = await load();
    const fetch = serve({
      [PATH]: { status: 201, body: { ok: true, counted: false, awards: [] } },
    });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentHeaders(fetch, PATH).authorization).toBeUndefined();
  });

  it('offline, the visit waits in IndexedDB through a reload and is sent once when back online', async () => {
    const first = await load();
    first.useAuthStore.getState().signedIn(ADA, 'tok.sig');
    online = false;
    const fetch = serve({ [PATH]: { status: 201, body: COUNTED } });
    first.recordVisit(VISIT);
    await vi.waitFor(async () => expect(await first.allVisits()).toHaveLength(1));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    expect(first.visitsWaiting()).toBe(true);

    // Reloaded, still offline: the trigger fires again at the same stop; it waits once.
    const page = await load();
    page.recordVisit(VISIT);
    await settle();
    const waiting = await page.allVisits();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ userId: ADA.id, ...VISIT });

    online = true;
    await page.sendVisits();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(keysSent(fetch)).toEqual([waiting[0]!.idempotencyKey]);
    expect(page.useBadgeNews.getState().counted).toBe(1);
    expect(await page.allVisits()).toEqual([]);
    expect(page.visitsWaiting()).toBe(false);
  });

  it('a reply lost on the way is retried with the same key', async () => {
    const { recordVisit, allVisits, useAuthStore, useBadgeNews } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    let calls = 0;
    const fetch = serve({
      [PATH]: (): Answer => {
        // The server stores the first, but its reply never arrives; the retry gets it (200).
        if (++calls === 1) throw new TypeError('Failed to fetch');
        return { status: 200, body: COUNTED };
      },
    });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(useBadgeNews.getState().counted).toBe(1), { timeout: 3000 });
    const keys = keysSent(fetch);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await allVisits()).toEqual([]);
  });

  it('an answer to a later visit sends those waiting too (the browser may not notice)', async () => {
    const { recordVisit, allVisits, useAuthStore } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    online = false;
    const fetch = serve({ [PATH]: { status: 201, body: COUNTED } });
    recordVisit(VISIT);
    await vi.waitFor(async () => expect(await allVisits()).toHaveLength(1));
    online = true;
    recordVisit({ ...VISIT, poi_token: 'rsw-04' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const sent = fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent.map((v: { poi_token: string }) => v.poi_token)).toEqual(['rsw-03', 'rsw-04']);
    await vi.waitFor(async () => expect(await allVisits()).toEqual([]));
  });

  it("another user's waiting visit is not sent for the one signed in now, and waits for its own", async () => {
    const { recordVisit, sendVisits, allVisits, useAuthStore } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    online = false;
    const fetch = serve({ [PATH]: { status: 201, body: COUNTED } });
    recordVisit(VISIT);
    await vi.waitFor(async () => expect(await allVisits()).toHaveLength(1));
    useAuthStore.getState().signedIn({ ...ADA, id: 'u2' }, 'other.sig');
    online = true;
    await sendVisits();
    expect(fetch).not.toHaveBeenCalled();
    expect(await allVisits()).toHaveLength(1);
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    await sendVisits();
    expect(sentHeaders(fetch, PATH).authorization).toBe('Bearer tok.sig');
    expect(await allVisits()).toEqual([]);
  });

  it('a visit the server refuses (the stop left the guide) is dropped', async () => {
    const { recordVisit, allVisits } = await load();
    const fetch = serve({ [PATH]: { status: 404, body: { message: 'No POI' } } });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect(await allVisits()).toEqual([]));
  });
});
