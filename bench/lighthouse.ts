// Lighthouse (npm lighthouse 12, its default mobile profile: emulated phone, simulated slow 4G
// and 4× CPU slowdown) in the system Chromium; three runs per route, the median by performance.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FLAGSHIP } from './guide-page.js';
import { CHROMIUM, CHROMIUM_ARGS } from './server.js';

/** The flagship guide's screen: splash, map and carousel as a first visitor gets them. */
export const LH_GUIDE = `/guide/${FLAGSHIP}`;
export const LH_ROUTES = ['/', '/city/portland', '/map', LH_GUIDE];
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Performance before the work on it (Lighthouse on the same machine): the list and map routes
 * before the performance work, the guide screen before its own (bench/results/README.md).
 */
export const LH_BASELINE: Record<string, number> = {
  '/': 74,
  '/city/portland': 71,
  '/map': 61,
  [LH_GUIDE]: 73,
};
/** The routes whose map asks the public tile hosts, which this machine cannot reach. */
export const LH_TILED = ['/map', LH_GUIDE];
export const LH_TARGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };

export type LighthouseRow = {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  allPerformance: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audit ids scored below 0.9 (Lighthouse's pass line), per category under 100. */
  failing: Record<string, string[]>;
  /** Where each console error of the page came from (its URL's host, or its text). */
  consoleErrors: string[];
  /** The LCP element as Lighthouse names it (audit `largest-contentful-paint-element`). */
  lcpElement: { selector: string; snippet: string; label: string } | null;
};

type LhNode = { type?: string; selector?: string; snippet?: string; nodeLabel?: string };

/** The node of the `largest-contentful-paint-element` audit (a list of tables, the node first). */
function lcpElementOf(lhr: Lhr): LighthouseRow['lcpElement'] {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: LhNode }[] }[] } | undefined;
  for (const table of details?.items ?? [])
    for (const item of table.items ?? [])
      if (item.node?.type === 'node')
        return {
          selector: item.node.selector ?? '',
          snippet: item.node.snippet ?? '',
          label: item.node.nodeLabel ?? '',
        };
  return null;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function once(url: string): Promise<Lhr> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr: Lhr, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);

function row(route: string, lhr: Lhr, all: number[]): LighthouseRow {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as Record<
    (typeof CATEGORIES)[number],
    number
  >;
  const failing: Record<string, string[]> = {};
  for (const c of CATEGORIES) {
    if (scores[c] >= 100) continue;
    failing[c] = lhr.categories[c]!.auditRefs.map((ref) => lhr.audits[ref.id]!)
      .filter((a) => typeof a.score === 'number' && a.score < 0.9)
      .map((a) => a.id);
  }
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const details = lhr.audits['errors-in-console']?.details as
    { items?: { sourceLocation?: { url?: string }; description?: string }[] } | undefined;
  const consoleErrors = (details?.items ?? []).map((i) => {
    try {
      return new URL(i.sourceLocation?.url ?? '').host;
    } catch {
      return `"${(i.description ?? '').slice(0, 80)}"`;
    }
  });
  return {
    route,
    scores,
    allPerformance: all,
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    failing,
    consoleErrors,
    lcpElement: lcpElementOf(lhr),
  };
}

// Another engineer's build empties apps/web/dist for a moment; a page that did not load is
// tried once more (said on stderr), never scored.
async function measured(url: string): Promise<Lhr> {
  try {
    return await once(url);
  } catch (e) {
    console.error(`${url}: ${(e as Error).message.slice(0, 120)}; trying once more`);
    await new Promise((r) => setTimeout(r, 5000));
    return once(url);
  }
}

export async function lighthouseRoutes(
  url: string,
  routes: readonly string[] = LH_ROUTES,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const route of routes) {
    const runs: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measured(url + route));
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    rows.push(
      row(
        route,
        runs[Math.floor(RUNS / 2)]!,
        runs.map((r) => score(r, 'performance')),
      ),
    );
  }
  return rows;
}
