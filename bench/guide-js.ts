// The guide route's first-load JavaScript, beside the home route's from the same run: what
// Chromium reports receiving for every script until the network is idle (as transfer.ts
// counts it), each script put in the part of the build it belongs to (read from the build's
// .vite/manifest.json), and the Resource Timing entries that show whether the map's chunks
// load beside the route's chunk and its API call, or after them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { FLAGSHIP, launchChromium, phoneContext } from './guide-page.js';
import { snapshotPath } from './server.js';

/** The guide route's first-load JS budget, as transferred; e2e/helpers/budgets.ts says why. */
export const GUIDE_BUDGET_KB = 180;
export const GUIDE_ROUTE = `/guide/${FLAGSHIP}`;
const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  [GUIDE_ROUTE]: 'src/app/routes/guide.tsx',
};
const MAP_MODULE = 'src/features/guide-map/components/guide-map.tsx';

export type Part = 'entry' | 'route' | 'map' | 'later';
export type Script = {
  file: string;
  part: Part;
  transferred: number;
  decoded: number;
  leaflet: boolean;
};
export type Timing = { start: number; end: number };
export type GuideJsRow = {
  route: string;
  network: string;
  scripts: Script[];
  idle: boolean;
  /** Resource Timing, ms since navigation start. */
  timing: {
    html: Timing;
    routeChunk?: Timing;
    mapChunk?: Timing;
    leafletChunk?: Timing;
    api?: Timing;
  };
};

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Which part of the build each chunk file belongs to, for a route. */
function partsOf(route: string): (file: string) => Part {
  const web = path.join(snapshotPath(), 'apps/web/dist');
  const manifest = JSON.parse(
    readFileSync(path.join(web, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const chunks = (key: string, seen = new Set<string>()): string[] => {
    const e = manifest[key];
    if (!e || seen.has(key)) return [];
    seen.add(key);
    return [...(e.imports ?? []).flatMap((k) => chunks(k, seen)), e.file];
  };
  const byFile = new Map(Object.entries(manifest).map(([k, v]) => [v.file, k]));
  // The entry: the scripts index.html itself names, and what they import.
  const html = readFileSync(path.join(web, '.shell/home.html'), 'utf8');
  const entry = new Set(
    [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].flatMap((m) =>
      chunks(byFile.get(m[1]!) ?? ''),
    ),
  );
  const own = new Set(chunks(ROUTE_MODULES[route]!).filter((f) => !entry.has(f)));
  const map =
    route === GUIDE_ROUTE
      ? new Set(chunks(MAP_MODULE).filter((f) => !entry.has(f) && !own.has(f)))
      : new Set<string>();
  return (file) =>
    entry.has(file) ? 'entry' : own.has(file) ? 'route' : map.has(file) ? 'map' : 'later';
}

type Seen = { url: string; headers: number; encoded: number; done: boolean };

async function decodedSize(cdp: CDPSession, requestId: string) {
  try {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    return Buffer.byteLength(body, base64Encoded ? 'base64' : 'utf8');
  } catch {
    return 0;
  }
}

async function timings(page: Page, route: string, part: (f: string) => Part, scripts: Script[]) {
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return [
      { name: '(document)', start: nav.startTime, end: nav.responseEnd },
      ...performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
    ];
  });
  const find = (test: (name: string) => boolean) => {
    const e = entries.find((x) => test(x.name));
    return e && { start: e.start, end: e.end };
  };
  const routeFile = scripts.find((s) => s.part === 'route' && /\/guide-[^/]+\.js$/.test(s.file));
  return {
    html: find((n) => n === '(document)')!,
    routeChunk: routeFile && find((n) => n.endsWith(routeFile.file)),
    mapChunk: find((n) => /\/assets\/guide-map-[^/]+\.js$/.test(n) && part(n.slice(1)) === 'map'),
    leafletChunk: find((n) => scripts.some((s) => s.leaflet && n.endsWith(s.file))),
    api: route === GUIDE_ROUTE ? find((n) => n.startsWith('/api/v1/tour-by-token/')) : undefined,
  };
}

/** Slow 4G as Lighthouse's mobile profile simulates it: 150 ms round trips, 1.6 Mbps down. */
const SLOW_4G = { latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };

async function loadRoute(
  browser: Browser,
  url: string,
  route: string,
  throttled: boolean,
): Promise<GuideJsRow> {
  // A new context: empty cache, every script fetched as on a first visit.
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, Seen>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type !== 'Script') return;
      const url = new URL(e.response.url).pathname.slice(1);
      seen.set(e.requestId, {
        url,
        headers: e.response.encodedDataLength,
        encoded: 0,
        done: false,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = seen.get(e.requestId);
      if (s) Object.assign(s, { encoded: e.encodedDataLength, done: true });
    });
    await cdp.send('Network.enable');
    if (throttled)
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    let idle = true;
    // The map asks a tile host this machine cannot reach; those loads fail, they do not hang.
    await page.goto(url + route, { waitUntil: 'networkidle', timeout: 60_000 }).catch(() => {
      idle = false;
    });
    const part = partsOf(route);
    const scripts: Script[] = [];
    const web = path.join(snapshotPath(), 'apps/web/dist');
    for (const [id, s] of seen) {
      if (!s.done) continue;
      const text = readFileSync(path.join(web, s.url), 'utf8');
      scripts.push({
        file: s.url,
        part: part(s.url),
        transferred: s.encoded - s.headers,
        decoded: await decodedSize(cdp, id),
        leaflet: text.includes('_leaflet_id'),
      });
    }
    const timing = await timings(page, route, part, scripts);
    return {
      route,
      network: throttled ? 'slow 4G (150 ms RTT, 1.6 Mbps)' : 'unthrottled',
      scripts,
      idle,
      timing,
    };
  } finally {
    await context.close();
  }
}

/** Home (the baseline) and the guide route, each unthrottled and on slow 4G. */
export async function guideFirstLoad(url: string): Promise<GuideJsRow[]> {
  const browser = await launchChromium();
  try {
    const rows: GuideJsRow[] = [];
    for (const throttled of [false, true])
      for (const route of ['/', GUIDE_ROUTE])
        rows.push(await loadRoute(browser, url, route, throttled));
    return rows;
  } finally {
    await browser.close();
  }
}
