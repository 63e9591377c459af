// The field (issue 9 point 8): preloading a guide against a plain parallel fetch of the same
// files in the same browser; tap to play with the guide preloaded and the network off; and a
// cold start of the installed app, offline, to the guide screen.
import type { BrowserContext, Page } from 'playwright-core';
import { FLAGSHIP, launchChromium, median, p95, phoneContext } from './guide-page.js';
import { appTaps, guideStops, type Tap } from './guide-play.js';

export type PreloadRun = { way: 'preload screen' | 'plain fetch'; bytes: number; ms: number };
export type FieldResult = {
  preload: PreloadRun[];
  files: number;
  offlineTaps: Tap[];
  coldStart: { offline: number[]; online: number[] };
};

const TOUR_CACHE = `tour-${FLAGSHIP}-1`;

/** The app opened once and its service worker in control (as after a first visit). */
async function installed(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  return page;
}

/** Saves the guide through its preload screen; gives its same-origin files and their bytes. */
async function preloadOnce(context: BrowserContext, url: string) {
  const page = await installed(context, url);
  await page.goto(`${url}/preload/${FLAGSHIP}`);
  await page.getByText('Saved on this device').waitFor({ timeout: 120_000 });
  const saved = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return Promise.all(
      (await cache.keys()).map(async (r) => ({
        url: r.url,
        bytes: (await (await cache.match(r))!.blob()).size,
      })),
    );
  }, TOUR_CACHE);
  const own = saved.filter((f) => f.url.startsWith(url) && !f.url.endsWith('/offline/tour.json'));
  const files = own.map((f) => f.url);
  const bytes = own.reduce((n, f) => n + f.bytes, 0);
  // The app's own User Timing: from just before its first request to the last file settled.
  const ms = await page.evaluate(
    () => performance.getEntriesByName('earshot:preload')[0]!.duration,
  );
  return { page, files, bytes, ms };
}

/** The same files fetched all at once by a plain page script (the browser's own limits apply). */
async function plainOnce(context: BrowserContext, url: string, files: string[]) {
  const page = await installed(context, url);
  const ms = await page.evaluate(async (files) => {
    const t0 = performance.now();
    await Promise.all(files.map((f) => fetch(f).then((r) => r.arrayBuffer())));
    return performance.now() - t0;
  }, files);
  await page.close();
  return ms;
}

/** ms from navigation start to the guide screen's splash button, in a new page. */
async function coldStart(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${url}/guide/${FLAGSHIP}`);
  await page.getByText('Tap to Enter').waitFor({ timeout: 30_000 });
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

export async function field(url: string, rounds = 6): Promise<FieldResult> {
  const browser = await launchChromium();
  const result: FieldResult = {
    preload: [],
    files: 0,
    offlineTaps: [],
    coldStart: { offline: [], online: [] },
  };
  try {
    let files: string[] = [];
    let bytes = 0;
    for (let round = 0; round < rounds; round++) {
      // Each way in a fresh context (empty HTTP cache and Cache Storage); the order alternates
      // (round 0 preloads first: it learns the file list).
      const ways = round % 2 ? (['plain', 'preload'] as const) : (['preload', 'plain'] as const);
      for (const way of ways) {
        const context = await phoneContext(browser, { serviceWorkers: 'allow' });
        try {
          if (way === 'plain') {
            const ms = await plainOnce(context, url, files);
            result.preload.push({ way: 'plain fetch', bytes, ms });
            continue;
          }
          const saved = await preloadOnce(context, url);
          const { page } = saved;
          ({ files, bytes } = saved);
          result.files = files.length;
          result.preload.push({ way: 'preload screen', bytes, ms: saved.ms });
          if (round > 0) continue;
          // Installed and preloaded: offline from here.
          await page.close();
          await context.setOffline(true);
          for (let i = 0; i < 3; i++) result.coldStart.offline.push(await coldStart(context, url));
          for (let i = 0; i < 2; i++) {
            const tapPage = await context.newPage();
            // Each page enters as a first visit does (with the language question).
            await tapPage.addInitScript(() => localStorage.removeItem('earshot-languages'));
            const cdp = await context.newCDPSession(tapPage);
            await cdp.send('Network.enable');
            const r = await appTaps(tapPage, cdp, url, await guideStops(url));
            result.offlineTaps.push(...r.result.taps);
            await tapPage.close();
          }
          await context.setOffline(false);
          for (let i = 0; i < 3; i++) result.coldStart.online.push(await coldStart(context, url));
        } finally {
          await context.close();
        }
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}

export const PRELOAD_TARGET = 0.9;
export const OFFLINE_TAP_TARGET_MS = 100;

const f0 = (n: number) => n.toFixed(0);
export function fieldTables(r: FieldResult | string) {
  console.log(`\n### In the field: preload, offline tap to play, offline cold start\n`);
  if (typeof r === 'string') return void console.log(r);
  const rate = (way: PreloadRun['way']) => {
    const runs = r.preload.filter((p) => p.way === way);
    return median(runs.map((p) => p.bytes / (p.ms / 1000)));
  };
  const pre = rate('preload screen');
  const plain = rate('plain fetch');
  console.log(`| way | ms per run | median KB/s | ratio to plain |`);
  console.log(`| --- | --- | --- | --- |`);
  for (const [way, label, v] of [
    ['preload screen', 'preload screen', pre],
    ['plain fetch', 'plain parallel fetch (baseline)', plain],
  ] as const)
    console.log(
      `| ${label} | ${r.preload
        .filter((p) => p.way === way)
        .map((p) => f0(p.ms))
        .join(', ')} | ${f0(v / 1024)} | ${(v / plain).toFixed(2)} |`,
    );
  console.log(
    `\n${r.files} same-origin files (API answers and media; map tiles need a reachable provider). Target: preload ≥ ${PRELOAD_TARGET * 100}% of the plain fetch: ${pre / plain >= PRELOAD_TARGET ? 'met' : '**not met**'}.`,
  );
  const down = r.offlineTaps.map((t) => t.downToPlaying);
  console.log(
    `\nOffline tap to play (pointerdown → 'playing', guide preloaded, network off, ${down.length} taps): median ${f0(median(down))} ms, p95 ${f0(p95(down))} ms — target ≤ ${OFFLINE_TAP_TARGET_MS} ms: ${p95(down) <= OFFLINE_TAP_TARGET_MS ? 'met' : '**not met**'}.`,
  );
  const { offline, online } = r.coldStart;
  console.log(
    `\nCold start of the installed app to the guide screen (navigation → splash button): offline median ${f0(median(offline))} ms (${offline.map(f0).join(', ')}), online with a warm cache ${f0(median(online))} ms (${online.map(f0).join(', ')}).`,
  );
}
