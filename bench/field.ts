// The field: preloading a guide against a plain parallel fetch of the same files in the same
// browser; tap to play with the guide preloaded and the network off; and a cold start of the
// installed app, offline, to the guide screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FLAGSHIP, launchChromium, median, p95, phoneContext } from './guide-page.js';
import { appTaps, guideStops, type Tap } from './guide-play.js';
import { HOTEL_WIFI, startLink, type LinkSpec } from './link.js';

export type PreloadRun = { way: 'preload screen' | 'plain fetch'; bytes: number; ms: number };
export type FieldResult = {
  /** On loopback: the network costs nothing, the machine's CPU is what is measured. */
  preload: PreloadRun[];
  /** Through a link of `link`'s round trip and bandwidth. */
  linked: PreloadRun[];
  link: LinkSpec;
  files: number;
  offlineTaps: Tap[];
  coldStart: { offline: number[]; online: number[] };
};

const TOUR_CACHE = `tour-${FLAGSHIP}-1`;

/** The app opened once and its service worker in control (as after a first visit). */
async function installed(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  const t0 = performance.now();
  await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 120_000 });
  if (process.env.BENCH_VERBOSE)
    console.error(`installed in ${Math.round(performance.now() - t0)} ms at ${url}`);
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

/**
 * Preload and plain fetch in turn, each in a fresh context (empty HTTP cache and Cache
 * Storage), the order alternating; `files` empty means the first preload learns the list.
 * `then` runs in the first preload's context, the guide saved.
 */
async function compare(
  browser: Browser,
  url: string,
  rounds: number,
  known: { files: string[]; bytes: number },
  then?: (context: BrowserContext, page: Page) => Promise<void>,
) {
  const runs: PreloadRun[] = [];
  let { files, bytes } = known;
  for (let round = 0; round < rounds; round++) {
    const ways = round % 2 ? (['plain', 'preload'] as const) : (['preload', 'plain'] as const);
    for (const way of ways) {
      const context = await phoneContext(browser, { serviceWorkers: 'allow' });
      try {
        if (way === 'plain') {
          runs.push({ way: 'plain fetch', bytes, ms: await plainOnce(context, url, files) });
          continue;
        }
        const saved = await preloadOnce(context, url);
        // The same files, whatever origin the link gives them.
        if (!files.length) ({ files, bytes } = saved);
        runs.push({ way: 'preload screen', bytes: saved.bytes, ms: saved.ms });
        if (round === 0 && then) await then(context, saved.page);
      } finally {
        await context.close();
      }
    }
  }
  return { runs, files, bytes };
}

export async function field(url: string, rounds = 10): Promise<FieldResult> {
  const browser = await launchChromium();
  const result: FieldResult = {
    preload: [],
    linked: [],
    link: HOTEL_WIFI,
    files: 0,
    offlineTaps: [],
    coldStart: { offline: [], online: [] },
  };
  // Installed and preloaded: offline from here.
  const offline = async (context: BrowserContext, page: Page) => {
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
  };
  try {
    const local = await compare(browser, url, rounds, { files: [], bytes: 0 }, offline);
    result.preload = local.runs;
    result.files = local.files.length;
    const link = await startLink(url, HOTEL_WIFI);
    try {
      const paths = local.files.map((f) => new URL(f).pathname + new URL(f).search);
      const far = await compare(browser, link.url, Math.ceil(rounds / 2), {
        files: paths.map((p) => link.url + p),
        bytes: local.bytes,
      });
      result.linked = far.runs;
    } finally {
      await link.stop();
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
  const ratio = (runs: PreloadRun[], title: string) => {
    const rate = (way: PreloadRun['way']) =>
      median(runs.filter((p) => p.way === way).map((p) => p.bytes / (p.ms / 1000)));
    const pre = rate('preload screen');
    const plain = rate('plain fetch');
    console.log(`${title}\n`);
    console.log(`| way | ms per run | median KB/s | ratio to plain |`);
    console.log(`| --- | --- | --- | --- |`);
    for (const [way, label, v] of [
      ['preload screen', 'preload screen', pre],
      ['plain fetch', 'plain parallel fetch (baseline)', plain],
    ] as const)
      console.log(
        `| ${label} | ${runs
          .filter((p) => p.way === way)
          .map((p) => f0(p.ms))
          .join(', ')} | ${f0(v / 1024)} | ${(v / plain).toFixed(2)} |`,
      );
    return pre / plain;
  };
  const local = ratio(
    r.preload,
    'On loopback (no network cost: the CPU of this machine is measured):',
  );
  const linked = ratio(
    r.linked,
    `\nThrough a link of ${r.link.mbitPerS} Mbit/s and ${r.link.rttMs} ms round trip (bench/link.ts, both ways alike):`,
  );
  const met = (x: number) => (x >= PRELOAD_TARGET ? 'met' : '**not met**');
  console.log(
    `\n${r.files} same-origin files (API answers and media; map tiles need a reachable provider). Target: preload ≥ ${PRELOAD_TARGET * 100}% of the plain fetch: ${met(linked)} through the link (${linked.toFixed(2)}), ${met(local)} on loopback (${local.toFixed(2)}).`,
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
