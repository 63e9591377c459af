// When the home list's first row and the world map's first marker are on screen (docs/scale-out.md
// §3), on the phone Lighthouse's mobile profile emulates: its screen (412×823 at 1.75×, mobile user
// agent) and its slow 4G and 4× CPU, here applied in Chromium through the DevTools protocol with
// the values Lighthouse itself uses for applied ("devtools") throttling of that profile (562.5 ms
// per request, 1,475 kbit/s down, 675 up), where Lighthouse's own figures are simulated from an
// unthrottled load. Lighthouse's LCP says when the largest element was painted; this says when the
// row and the marker were.
import { chromium, type Browser } from 'playwright-core';
import {
  screenEmulationMetrics,
  throttling,
  userAgents,
} from 'lighthouse/core/config/constants.js';
import { CHROMIUM, CHROMIUM_ARGS } from './server.js';

/** What each route must show first, and how it is found in the page. */
export const FIRST_SCREEN = {
  '/': { what: 'first list row', selector: '[role="list"] [role="listitem"]' },
  // The page's own opening markers (a large catalogue, decision 0018), or the map's.
  '/map': {
    what: 'first map marker',
    selector: '#shell-map-markers > div, .leaflet-marker-pane .leaflet-marker-icon',
  },
} as const;
export type FirstScreenRoute = keyof typeof FIRST_SCREEN;

const RUNS = 3;
const TIMEOUT_MS = 60_000;

export type FirstScreenRow = {
  route: FirstScreenRoute;
  what: string;
  /** ms from navigation start to the first frame with the element in the viewport (median). */
  firstMs: number;
  all: number[];
  /** The page's own LCP entry in the same (median) run, its element, and whether it is (or
   * holds, or sits in) the element looked for. */
  lcpMs: number;
  lcpElement: string;
  lcpIsIt: boolean;
  /** The page and every file it had whole before that frame: "name start–end" (s). */
  before: string[];
};

type Seen = { first: number; lcp: number; lcpElement: string; lcpIsIt: boolean };
type Loaded = { name: string; start: number; end: number };

/**
 * In the page from its first script: a frame-by-frame look for the element, and LCP entries.
 * Plain JavaScript text: a function compiled by tsx would carry helpers the page lacks.
 */
const watch = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const seen = (window.__seen = { first: -1, lcp: -1, lcpElement: '', lcpIsIt: false });
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight;
  };
  const frame = () => {
    if ([...document.querySelectorAll(selector)].some(visible)) seen.first = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const describe = (el) => {
    if (!el) return '(no element)';
    const cls = typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    const role = el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '';
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return el.tagName.toLowerCase() + role + cls + (text ? ' "' + text + '"' : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      seen.lcp = e.startTime;
      seen.lcpElement = describe(e.element);
      seen.lcpIsIt = !!(e.element && (e.element.closest(selector) || e.element.querySelector(selector)));
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

const describeLoad = (l: Loaded) => {
  const u = new URL(l.name);
  const name = u.pathname.startsWith('/api/')
    ? u.pathname + u.search
    : u.pathname.split('/').pop() || '/';
  return `${name} ${(l.start / 1000).toFixed(2)}–${(l.end / 1000).toFixed(2)}`;
};

async function once(
  browser: Browser,
  url: string,
  route: FirstScreenRoute,
): Promise<Seen & { before: string[] }> {
  const screen = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const t = throttling.mobileSlow4G;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: t.requestLatencyMs,
      downloadThroughput: (t.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (t.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: t.cpuSlowdownMultiplier });
    await page.addInitScript({ content: watch(FIRST_SCREEN[route].selector) });
    await page.goto(url + route, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __seen: Seen }).__seen.first >= 0,
      null,
      {
        timeout: TIMEOUT_MS,
        polling: 100,
      },
    );
    // LCP entries stop at the first input; none comes, so let the page settle a little.
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
    // What the element waited for: the loads that ended before it was on screen.
    const loads = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .map((e) => ({
          name: e.name,
          start: e.startTime,
          end: (e as PerformanceResourceTiming).responseEnd,
        }))
        .sort((a, b) => a.start - b.start),
    );
    // Same origin only: map tiles ask public hosts this machine cannot reach (they fail at once).
    const ours = (l: Loaded) => new URL(l.name).origin === new URL(url).origin;
    return {
      ...seen,
      before: loads.filter((l: Loaded) => l.end <= seen.first && ours(l)).map(describeLoad),
    };
  } finally {
    await context.close();
  }
}

/** Median of 3 runs per route, each in a new context (empty cache, no service worker yet). */
export async function firstScreens(
  url: string,
  routes: readonly FirstScreenRoute[] = ['/', '/map'],
): Promise<FirstScreenRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const rows: FirstScreenRow[] = [];
    for (const route of routes) {
      const runs: (Seen & { before: string[] })[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await once(browser, url, route));
      runs.sort((a, b) => a.first - b.first);
      const mid = runs[Math.floor(RUNS / 2)]!;
      rows.push({
        route,
        what: FIRST_SCREEN[route].what,
        firstMs: mid.first,
        all: runs.map((r) => r.first),
        lcpMs: mid.lcp,
        lcpElement: mid.lcpElement,
        lcpIsIt: mid.lcpIsIt,
        before: mid.before,
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}
