import { expect, type BrowserContext, type Page } from '@playwright/test';

// Shared by the specs of the field (offline use and location): preloading a guide through
// its preload screen, walking with emulated geolocation, and what the audio element played.

export type Point = { lat: number; lng: number };

/** The point `north` and `east` metres from `p` (flat earth: fine over a few hundred metres). */
export const offset = (p: Point, north: number, east: number): Point => ({
  lat: p.lat + north / 111_320,
  lng: p.lng + east / (111_320 * Math.cos((p.lat * Math.PI) / 180)),
});

/** A seeded jitter in ±`m` metres (mulberry32): the same walk on every run. */
export function jitter(seed: number, m: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => (next() * 2 - 1) * m;
}

/** Moves the emulated visitor and gives the page a moment to take the reading. */
export async function moveTo(context: BrowserContext, page: Page, p: Point, accuracy = 8) {
  await context.setGeolocation({ latitude: p.lat, longitude: p.lng, accuracy });
  await page.waitForTimeout(120);
}

/**
 * Records each start of the audio element (its file), from the page's first script on. A start
 * is the element leaving pause at the beginning of its file (a play() or an autoplay), or
 * being sent back to the beginning while it plays. A stall is no start: 'waiting' then
 * 'playing' again, which a busy machine causes, as a weak phone does. Every media event is
 * logged too, for the message of a failed check.
 */
export const recordPlays = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { plays: string[]; audioLog: string[] };
    w.plays = [];
    w.audioLog = [];
    const file = (a: HTMLAudioElement) => new URL(a.currentSrc || a.src, location.href).pathname;
    for (const type of ['play', 'playing', 'waiting', 'pause', 'seeking', 'emptied', 'ended'])
      document.addEventListener(
        type,
        (e) => {
          const a = e.target as HTMLAudioElement;
          w.audioLog.push(
            `${Math.round(performance.now())} ${type} ${a.currentTime.toFixed(2)} ${file(a)}`,
          );
          const atStart = a.currentTime < 0.5;
          if ((type === 'play' && atStart) || (type === 'seeking' && atStart && !a.paused))
            w.plays.push(file(a));
        },
        true,
      );
  });
export const plays = (page: Page) =>
  page.evaluate(() => (window as unknown as { plays: string[] }).plays);
/** The media events recorded by `recordPlays`, one line each. */
export const audioLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { audioLog: string[] }).audioLog.join('\n'));

/** Opens /preload/{token} and waits for Enter (every file settled, 5 s passed). */
export async function preload(page: Page, token: string) {
  await page.goto(`/preload/${token}`);
  const bar = page.getByRole('progressbar', { name: 'Saving the guide' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter' })).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveAttribute('aria-valuetext', '100.00%');
}

/** The names of the page's caches and how many entries each holds. */
export const cacheSizes = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, number> = {};
    for (const n of await caches.keys()) out[n] = (await (await caches.open(n)).keys()).length;
    return out;
  });

/**
 * The visits (visit_poi/) waiting in the page's offline queue — IndexedDB earshot-answers,
 * store visits — oldest first.
 */
export const waitingVisits = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ poi_token: string; idempotencyKey: string; offlineCreatedAt: string }[]>(
        (resolve, reject) => {
          const open = indexedDB.open('earshot-answers');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('visits')) return resolve([]);
            const all = db.transaction('visits').objectStore('visits').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as { offlineCreatedAt: string }[]).sort((a, b) =>
                  a.offlineCreatedAt.localeCompare(b.offlineCreatedAt),
                ) as never,
              );
            all.onerror = () => reject(all.error);
          };
        },
      ),
  );
