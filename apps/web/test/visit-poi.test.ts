import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitPoiResult } from '@earshot/core';
import { ADA, sentBody, sentHeaders, serve, type Answer } from './auth-fetch';

// The real server's side of visit_poi/ (points once per user and POI) is e2e's badges spec.

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

/** The modules afresh: the visits waiting for the network belong to one test. */
const load = async () => {
  vi.resetModules();
  const { recordVisit } = await import('../src/features/location-triggers/api/post-visit-poi');
  const { useAuthStore } = await import('../src/shared/auth/store');
  const { useBadgeNews } = await import('../src/shared/badges/news');
  return { recordVisit, useAuthStore, useBadgeNews };
};
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('recordVisit (SPEC §7 visit_poi/)', () => {
  it('signed in, sends the visit with Authorization and hands the answer to the badge news', async () => {
    const { recordVisit, useAuthStore, useBadgeNews } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    const fetch = serve({ [PATH]: { status: 201, body: COUNTED } });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(useBadgeNews.getState().counted).toBe(1));
    expect(sentHeaders(fetch, PATH).authorization).toBe('Bearer tok.sig');
    expect(sentBody(fetch, PATH)).toEqual(VISIT);
    expect(useBadgeNews.getState().queue.map((c) => c.text)).toEqual([
      'New badge: River Explorer, Bronze',
    ]);
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

  it('without a network the visit waits, and goes when the browser is online again', async () => {
    const { recordVisit, useAuthStore, useBadgeNews } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    let online = false;
    const fetch = serve({
      [PATH]: (): Answer => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, body: COUNTED };
      },
    });
    recordVisit(VISIT);
    recordVisit({ ...VISIT, poi_token: 'rsw-04' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await settle();
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useBadgeNews.getState().counted).toBe(2));
    expect(fetch).toHaveBeenCalledTimes(4);
    const sent = fetch.mock.calls.slice(2).map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent.map((v: { poi_token: string }) => v.poi_token)).toEqual(['rsw-03', 'rsw-04']);
  });

  it('an answer to a later visit sends those waiting too (the browser may not notice)', async () => {
    const { recordVisit, useAuthStore } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    let online = false;
    const fetch = serve({
      [PATH]: (): Answer => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, body: COUNTED };
      },
    });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await settle();
    online = true;
    recordVisit({ ...VISIT, poi_token: 'rsw-04' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(JSON.parse(String(fetch.mock.calls[2]![1]?.body))).toMatchObject({
      poi_token: 'rsw-03',
    });
  });

  it('a visit made by another user than the one signed in now is dropped', async () => {
    const { recordVisit, useAuthStore } = await load();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    let online = false;
    const fetch = serve({
      [PATH]: (): Answer => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, body: COUNTED };
      },
    });
    recordVisit(VISIT);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await settle();
    useAuthStore.getState().signedIn({ ...ADA, id: 'u2' }, 'other.sig');
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
