import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSIGHT_RETRY_MS, insightBatchSchema, type InsightEvent } from '@earshot/core';
import { SENDER_DELAY_MS } from '../src/shared/insights/track';
import { serve, type Answer } from './auth-fetch';

// The visitor side of the insights events (docs/insights.md Web): track() and the sender's queue
// rules. The server's side (each id counted once, per-event rejections) is the API suite's insights
// tests and e2e's insights-events spec; the pure rules are core's insight-queue test. IndexedDB is
// fake-indexeddb, kept across a "reload" (the modules loaded afresh).

const PATH = '/api/v1/insights/events/';
const VISITS = '/api/v1/insights/visits/';
/** The server's token for a visit (as POST insights/visits/ answers: docs/insights.md). */
const tokenFor = (init?: RequestInit): Answer => {
  const { visit_id } = JSON.parse(String(init?.body)) as { visit_id: string };
  return {
    status: 200,
    body: {
      visit_id,
      token: `t-${visit_id}`,
      expires_at: '2030-01-01T00:00:00Z',
      expires_in: 21600,
    },
  };
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The modules afresh, as after a reload of the page: IndexedDB and both storages stay. */
const load = async () => {
  vi.resetModules();
  const track = await import('../src/shared/insights/track');
  const sender = await import('../src/shared/insights/sender');
  const { allInsights } = await import('../src/shared/outbox/queue-db');
  return { ...track, ...sender, allInsights };
};

/** Every event the server was sent, request by request. */
const batches = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([url]) => url === PATH)
    .map(([, init]) => (JSON.parse(String(init?.body)) as { events: InsightEvent[] }).events);

let online = true;
beforeEach(() => {
  // The page's clock (the sender's 5 s delay, the 15 s retry) is the test's; IndexedDB's own
  // scheduling (setImmediate) runs as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  globalThis.indexedDB = new IDBFactory();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('track()', () => {
  it('fills in id, visit id, language, local day and hour; a visit starts with its guide-open', async () => {
    const page = await load();
    const before = new Date();
    page.openGuideScreen('riverfront-sculpture-walk', 'es');
    page.track({ kind: 'stop-select', poi: 'rsw-01', trigger: 'keypad' });
    const held = page.mine.events;
    expect(held.map((e) => e.kind)).toEqual(['guide-open', 'stop-select']);
    for (const e of held) {
      expect(e.id).toMatch(UUID);
      expect(e.visit_id).toMatch(UUID);
      expect(e.language).toBe('es');
      expect(e.guide_token).toBe('riverfront-sculpture-walk');
      expect(e.hour).toBe(before.getHours());
      expect(e.day).toBe(
        `${before.getFullYear()}-${String(before.getMonth() + 1).padStart(2, '0')}-${String(before.getDate()).padStart(2, '0')}`,
      );
    }
    expect(held[0]!.visit_id).toBe(held[1]!.visit_id);
    expect(held[0]!.id).not.toBe(held[1]!.id);
    expect(held[1]).toMatchObject({ poi_token: 'rsw-01', trigger: 'keypad' });
    // What the server's schema takes, as sent.
    expect(insightBatchSchema.safeParse({ events: held }).success).toBe(true);
    // Held in local storage in the same task: a reload or a closed tab keeps them.
    expect(JSON.parse(localStorage.getItem(page.pageHold)!)).toEqual(held);
  });

  it('says where the visit and each stop opening came from (docs/insights.md Entries)', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en', 'sign');
    page.track({ kind: 'stop-select', poi: 'a', trigger: 'link' });
    page.track({ kind: 'stop-select', poi: 'b', trigger: 'keypad' });
    page.track({ kind: 'stop-select', poi: 'c', trigger: 'tap' });
    page.track({ kind: 'audio-start', poi: 'c', trigger: 'tap' });
    expect(page.mine.events.map((e) => [e.kind, e.poi_token, e.entry])).toEqual([
      ['guide-open', undefined, 'sign'],
      ['stop-select', 'a', 'sign'],
      ['stop-select', 'b', 'keypad'],
      ['stop-select', 'c', 'guide'],
      ['audio-start', 'c', undefined],
    ]);
    expect(insightBatchSchema.safeParse({ events: page.mine.events }).success).toBe(true);
    // Reached in the app some other way: a stop's own link is a link, and the visit names none.
    sessionStorage.clear();
    const other = await load();
    other.openGuideScreen('h', 'en');
    other.track({ kind: 'stop-select', poi: 'a', trigger: 'link' });
    expect(other.mine.events.map((e) => [e.kind, e.entry])).toEqual([
      ['guide-open', undefined],
      ['stop-select', 'link'],
    ]);
  });

  it('one guide-open per visit: the screen opened again (a language change) adds none', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en')();
    page.openGuideScreen('g', 'es');
    expect(page.mine.events.map((e) => e.kind)).toEqual(['guide-open']);
  });

  it('after a reload the visit goes on; another guide starts a new one', async () => {
    const first = await load();
    first.openGuideScreen('g', 'en');
    const visit = first.mine.events[0]!.visit_id;
    const again = await load();
    again.openGuideScreen('g', 'en');
    again.track({ kind: 'share' });
    expect(again.mine.events.map((e) => [e.kind, e.visit_id])).toEqual([['share', visit]]);
    again.openGuideScreen('h', 'en');
    const other = again.mine.events.at(-1)!;
    expect(other).toMatchObject({ kind: 'guide-open', guide_token: 'h' });
    expect(other.visit_id).not.toBe(visit);
  });

  it('outside a guide screen an event needs its guide (and then names the visit it makes)', async () => {
    const page = await load();
    page.track({ kind: 'share' });
    expect(page.mine.events).toEqual([]);
    page.track({ kind: 'preload', guide: 'g', language: 'en' });
    expect(page.mine.events).toMatchObject([{ kind: 'preload', guide_token: 'g' }]);
  });
});

describe('the sender', () => {
  it('moves held events into IndexedDB and sends them in requests of at most 50; each leaves once answered', async () => {
    const page = await load();
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: { status: 200, body: { accepted: 50, duplicates: 0, rejected: 0 } },
    });
    page.openGuideScreen('g', 'en');
    for (let i = 0; i < 119; i++) page.track({ kind: 'stop-select', poi: `p${i}`, trigger: 'tap' });
    await page.sendNow();
    const sent = batches(fetch);
    expect(sent.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(new Set(sent.flat().map((e) => e.id)).size).toBe(120);
    // No account is ever linked: no Authorization, with or without a session.
    for (const [, init] of fetch.mock.calls)
      expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
    expect(await page.allInsights()).toEqual([]);
    expect(page.mine.events).toEqual([]);
    expect(localStorage.getItem(page.pageHold)).toBeNull();
    expect(localStorage.getItem(page.WAITING)).toBeNull();
  });

  it('offline: nothing is sent, the events wait in IndexedDB through a reload and go once online', async () => {
    online = false;
    const first = await load();
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: { status: 200, body: { accepted: 2, duplicates: 0, rejected: 0 } },
    });
    first.openGuideScreen('g', 'en');
    first.track({ kind: 'audio-start', poi: 'p1', trigger: 'autoplay' });
    await first.sendNow();
    expect(fetch).not.toHaveBeenCalled();
    const kept = await first.allInsights();
    expect(kept.map((e) => e.kind).sort()).toEqual(['audio-start', 'guide-open']);
    expect(localStorage.getItem(first.WAITING)).toBe('1');

    const page = await load();
    // The app's start: events wait, so the sender is asked for.
    expect(localStorage.getItem(page.WAITING)).toBe('1');
    online = true;
    await page.sendNow();
    expect(
      batches(fetch)
        .flat()
        .map((e) => e.id)
        .sort(),
    ).toEqual(kept.map((e) => e.id).sort());
    expect(await page.allInsights()).toEqual([]);
  });

  it('events held by a page that closed before its sender loaded are sent by the next page', async () => {
    const first = await load();
    first.openGuideScreen('g', 'en');
    first.track({ kind: 'share' });
    const held = first.mine.events;
    const page = await load();
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: { status: 200, body: { accepted: 2, duplicates: 0, rejected: 0 } },
    });
    await page.sendNow();
    expect(batches(fetch).flat()).toEqual(
      held.map((e) => ({ ...e, visit_token: `t-${e.visit_id}` })),
    );
    expect(localStorage.getItem(first.pageHold)).toBeNull();
  });

  it('no answer, a rate limit or a server error: every event stays and is tried again (same ids) every 15 s', async () => {
    const page = await load();
    const replies: (Answer | 'lost')[] = ['lost', { status: 429 }, { status: 503 }];
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: () => {
        const r = replies.shift() ?? {
          status: 200,
          body: { accepted: 0, duplicates: 2, rejected: 0 },
        };
        if (r === 'lost') throw new TypeError('Failed to fetch');
        return r;
      },
    });
    page.openGuideScreen('g', 'en');
    page.track({ kind: 'share' });
    const ids = page.mine.events.map((e) => e.id).sort();
    // The sender loads 5 s after the first event (not with the screen), then sends at once.
    vi.advanceTimersByTime(SENDER_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(batches(fetch)).toHaveLength(1));
    for (let i = 1; i <= 3; i++) {
      await vi.waitFor(async () => expect(await page.allInsights()).toHaveLength(2));
      // Nothing more until the retry's 15 s have passed.
      const before = batches(fetch).length;
      vi.advanceTimersByTime(INSIGHT_RETRY_MS - 1);
      expect(batches(fetch)).toHaveLength(before);
      vi.advanceTimersByTime(1);
      await vi.waitFor(() => expect(batches(fetch).length).toBeGreaterThan(before));
    }
    // Answered at last (as duplicates: the lost request had arrived): they leave.
    await vi.waitFor(async () => expect(await page.allInsights()).toEqual([]));
    for (const b of batches(fetch)) expect(b.map((e) => e.id).sort()).toEqual(ids);
  });

  it('a body refused whole (400) is split until the bad event stands alone; it is dropped, the rest sent', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en');
    for (let i = 0; i < 5; i++) page.track({ kind: 'stop-select', poi: `p${i}`, trigger: 'tap' });
    const bad = page.mine.events[3]!.id;
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: (init) => {
        const { events } = JSON.parse(String(init?.body)) as { events: InsightEvent[] };
        return events.some((e) => e.id === bad)
          ? { status: 400, body: { message: 'Bad event' } }
          : { status: 200, body: { accepted: events.length, duplicates: 0, rejected: 0 } };
      },
    });
    await page.sendNow();
    expect(await page.allInsights()).toEqual([]);
    const accepted = batches(fetch)
      .filter((b) => !b.some((e) => e.id === bad))
      .flat()
      .map((e) => e.id);
    expect(accepted).toHaveLength(5);
    expect(accepted).not.toContain(bad);
  });

  it('pagehide: what waits goes in beacons and stays queued (a beacon is never answered)', async () => {
    const page = await load();
    // The visit has its token; the events themselves are not answered yet (server failing).
    serve({ [VISITS]: tokenFor, [PATH]: { status: 503 } });
    const beacon = vi.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    page.openGuideScreen('g', 'en');
    page.track({ kind: 'share' });
    const ids = page.mine.events.map((e) => e.id);
    // The sender, loaded by the page 5 s after its first event.
    vi.advanceTimersByTime(SENDER_DELAY_MS);
    await vi.waitFor(async () => expect(await page.allInsights()).toHaveLength(2));
    // (Pages of the tests before, still listening, beacon what their own memory holds.)
    const ours = async () => {
      const bodies = await Promise.all(
        beacon.mock.calls.map(async ([url, body]) => ({
          url,
          events: (JSON.parse(body) as { events: InsightEvent[] }).events,
        })),
      );
      return bodies.filter(
        (b) =>
          b.events.some((e) => ids.includes(e.id)) ||
          b.events.some((e) => e.kind === 'audio-heard'),
      );
    };
    window.dispatchEvent(new Event('pagehide'));
    const sent = await ours();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(PATH);
    expect(sent[0]!.events.map((e) => e.id).sort()).toEqual([...ids].sort());
    for (const e of sent[0]!.events) expect(e.visit_token).toBe(`t-${e.visit_id}`);
    expect(await page.allInsights()).toHaveLength(2);
    // An audio heard as the page goes is beaconed too.
    page.track({ kind: 'audio-heard', poi: 'p1', heard: 40 });
    const after = await ours();
    expect(after).toHaveLength(2);
    expect(after[1]!.events.map((e) => e.kind)).toContain('audio-heard');
    window.dispatchEvent(new Event('pageshow'));
  });

  it('asks the token of each visit before its events go; a visit opened offline asks once online', async () => {
    online = false;
    const first = await load();
    first.openGuideScreen('g', 'en');
    first.track({ kind: 'stop-select', poi: 'p1', trigger: 'tap' });
    const offline = first.mine.events;
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: (init) => ({
        status: 200,
        body: {
          accepted: (JSON.parse(String(init?.body)) as { events: unknown[] }).events.length,
          duplicates: 0,
          rejected: 0,
        },
      }),
    });
    await first.sendNow();
    expect(fetch).not.toHaveBeenCalled();
    // Back online, on the next page: the token first, then the events with it, day and hour
    // as they were made.
    online = true;
    const page = await load();
    await page.sendNow();
    const urls = fetch.mock.calls.map(([url]) => url);
    expect(urls).toEqual([VISITS, PATH]);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      guide_token: 'g',
      visit_id: offline[0]!.visit_id,
    });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...batches(fetch)[0]!].sort(byId)).toEqual(
      offline.map((e) => ({ ...e, visit_token: `t-${e.visit_id}` })).sort(byId),
    );
    expect(await page.allInsights()).toEqual([]);
    // The token is kept: the visit's next events go without asking again.
    page.openGuideScreen('g', 'en');
    page.track({ kind: 'share' });
    await page.sendNow();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([VISITS, PATH, PATH]);
  });

  it('no answer to the token ask: the events wait (not sent without it) and go once it comes', async () => {
    const page = await load();
    let up = false;
    const fetch = serve({
      [VISITS]: (init) => {
        if (!up) throw new TypeError('Failed to fetch');
        return tokenFor(init);
      },
      [PATH]: { status: 200, body: { accepted: 1, duplicates: 0, rejected: 0 } },
    });
    page.openGuideScreen('g', 'en');
    await page.sendNow();
    expect(batches(fetch)).toEqual([]);
    expect(await page.allInsights()).toHaveLength(1);
    up = true;
    await page.sendNow();
    expect(batches(fetch)).toHaveLength(1);
    expect(await page.allInsights()).toEqual([]);
  });

  it('a guide the server gives no token for (a preview): its events go without one and leave', async () => {
    const page = await load();
    const fetch = serve({
      [VISITS]: { status: 404, body: { message: 'No published guide has this token' } },
      [PATH]: { status: 200, body: { accepted: 0, duplicates: 0, rejected: 1 } },
    });
    page.openGuideScreen('a-preview-token', 'en');
    await page.sendNow();
    expect(batches(fetch)).toHaveLength(1);
    expect(batches(fetch)[0]![0]!.visit_token).toBeUndefined();
    expect(await page.allInsights()).toEqual([]);
  });

  it('a token the server found expired: its events stay, a new token is asked, they go again', async () => {
    const page = await load();
    let renewed = false;
    const fetch = serve({
      [VISITS]: tokenFor,
      [PATH]: (init) => {
        const { events } = JSON.parse(String(init?.body)) as { events: InsightEvent[] };
        if (renewed)
          return { status: 200, body: { accepted: events.length, duplicates: 0, rejected: 0 } };
        renewed = true;
        return {
          status: 200,
          body: { accepted: 0, duplicates: 0, rejected: 0, renew: [events[0]!.visit_id] },
        };
      },
    });
    page.openGuideScreen('g', 'en');
    const ids = page.mine.events.map((e) => e.id);
    await page.sendNow();
    expect(await page.allInsights()).toHaveLength(1);
    // The next try (15 s on) asks again for the same visit, then sends the same events.
    vi.advanceTimersByTime(INSIGHT_RETRY_MS);
    await vi.waitFor(async () => expect(await page.allInsights()).toEqual([]));
    const asked = fetch.mock.calls.filter(([url]) => url === VISITS);
    expect(asked).toHaveLength(2);
    expect(batches(fetch).map((b) => b.map((e) => e.id))).toEqual([ids, ids]);
  });
});
