import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIVE_UP_AFTER_FAILURES, huntApiPaths, PRELOAD_CONCURRENCY } from '@earshot/core';
import { runSave, saveFiles, type DownloadProgress } from '../src/shared/offline/save-files';
import { memoryCaches } from './memory-caches';

/**
 * The save's own rules, with the network answered here (the e2e field spec saves a real guide
 * from the real server into Chromium's Cache Storage): the bound on downloads at once, whole
 * 200 answers only, failures counted and skipped, a dead host given up, saved media not fetched
 * again, and the hunt screens' answers queued once the hunts answer is in.
 */
type Reply = { status?: number; body?: string; fail?: boolean };

let inFlight = 0;
let most = 0;
const asked: string[] = [];

function network(reply: (url: string) => Reply = () => ({})) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    asked.push(url);
    inFlight++;
    most = Math.max(most, inFlight);
    // Answers come back a few at a time, in a later task: the pool really fills.
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    const { status = 200, body = `bytes of ${url}`, fail } = reply(url);
    if (fail) throw new TypeError('Failed to fetch');
    return new Response(body, {
      status,
      headers: { 'content-length': String(new TextEncoder().encode(body).length) },
    });
  });
}

const files = (n: number, prefix = '/static/tours/1/media/f') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}.mp3?v=${i}`);
const never = new AbortController().signal;

beforeEach(() => {
  inFlight = 0;
  most = 0;
  asked.length = 0;
  vi.stubGlobal('caches', memoryCaches());
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('saving a guide’s files', () => {
  it(`downloads at most ${PRELOAD_CONCURRENCY} files at once, and every one of them`, async () => {
    network();
    const cache = await caches.open('tour-x-1');
    const list = files(PRELOAD_CONCURRENCY * 4);
    const done = await saveFiles(cache, list, () => undefined, never);
    expect(most).toBe(PRELOAD_CONCURRENCY);
    expect(asked).toHaveLength(list.length);
    expect(done).toMatchObject({ settled: list.length, total: list.length, failed: 0 });
    expect(await cache.keys()).toHaveLength(list.length);
  });

  it('keeps whole 200 answers only; a failed file is counted and progress still reaches the end', async () => {
    network((url) =>
      url.includes('f1.') ? { status: 206 } : url.includes('f2.') ? { status: 500 } : {},
    );
    const cache = await caches.open('tour-x-1');
    const seen: DownloadProgress[] = [];
    const done = await saveFiles(cache, files(5), (p) => seen.push(p), never);
    expect(done).toMatchObject({ settled: 5, total: 5, failed: 2 });
    expect(seen.at(-1)).toEqual(done);
    expect(seen.map((p) => p.settled)).toEqual([0, 1, 2, 3, 4, 5]);
    const kept = (await cache.keys()).map((r) => new URL(r.url).pathname);
    expect(kept).not.toContain('/static/tours/1/media/f1.mp3');
    expect(kept).not.toContain('/static/tours/1/media/f2.mp3');
    expect(kept).toHaveLength(3);
    expect(done.bytes).toBe(
      files(5)
        .filter((_, i) => i !== 1 && i !== 2)
        .reduce((n, f) => n + `bytes of ${f}`.length, 0),
    );
  });

  it('gives up a host that answers nothing: the rest of its files cost no request', async () => {
    network((url) => (url.startsWith('https://tiles.invalid/') ? { fail: true } : {}));
    const cache = await caches.open('tour-x-1');
    const tiles = Array.from({ length: 300 }, (_, i) => `https://tiles.invalid/17/${i}/1.png`);
    const done = await saveFiles(cache, [...files(3), ...tiles], () => undefined, never);
    const tried = asked.filter((u) => u.startsWith('https://tiles.invalid/'));
    // The ones already under way when the host was given up still end.
    expect(tried.length).toBeGreaterThanOrEqual(GIVE_UP_AFTER_FAILURES);
    expect(tried.length).toBeLessThan(GIVE_UP_AFTER_FAILURES + PRELOAD_CONCURRENCY);
    expect(done).toMatchObject({ settled: 303, total: 303, failed: 300 });
  });

  it('does not fetch saved media again, but asks the API again', async () => {
    network();
    const cache = await caches.open('tour-x-1');
    const list = [...files(3), '/api/v1/tour-by-token/x'];
    await saveFiles(cache, list, () => undefined, never);
    asked.length = 0;
    const again = await saveFiles(cache, list, () => undefined, never);
    expect(asked).toEqual(['/api/v1/tour-by-token/x']);
    expect(again).toMatchObject({ settled: 4, failed: 0 });
    expect(again.bytes).toBe(list.reduce((n, f) => n + `bytes of ${f}`.length, 0));
  });

  it('stops when cancelled', async () => {
    network();
    const cache = await caches.open('tour-x-1');
    const abort = new AbortController();
    const done = saveFiles(cache, files(200), () => undefined, abort.signal);
    abort.abort();
    await done;
    expect(asked.length).toBeLessThanOrEqual(PRELOAD_CONCURRENCY);
  });

  it('queues the hunt screens’ answers once the hunts answer is saved, and the shared lists beside', async () => {
    const hunts = [
      { id: 4, challenges: [7, 8] },
      { id: 5, challenges: [] },
    ];
    network((url) =>
      url === '/api/v1/scavenger_hunts?tour=x' ? { body: JSON.stringify(hunts) } : {},
    );
    const done = await runSave(
      {
        type: 'earshot-save-tour',
        cacheName: 'tour-x-1',
        files: ['/api/v1/tour-by-token/x', '/api/v1/scavenger_hunts?tour=x', ...files(2)],
        huntsUrl: '/api/v1/scavenger_hunts?tour=x',
        preview: null,
        sharedCache: 'api',
        shared: ['/api/v1/tours'],
      },
      () => undefined,
      never,
    );
    const expected = huntApiPaths(hunts).map((p) => `/api/v1/${p}`);
    expect(done).toMatchObject({ total: 4 + expected.length, failed: 0 });
    const tour = (await (await caches.open('tour-x-1')).keys()).map((r) => r.url);
    for (const p of expected) expect(tour).toContain(new URL(p, location.href).href);
    const shared = (await (await caches.open('api')).keys()).map((r) => r.url);
    expect(shared).toEqual([new URL('/api/v1/tours', location.href).href]);
  });
});
