// The large catalogue's first screens (issue 21 point 3, docs/scale-out.md §3): Lighthouse's
// mobile profile (simulated slow 4G, 4× CPU) on the home list and the world map of a server
// holding the generated catalogue (100,000 guides on PostgreSQL in `npm run bench`).
import { lighthouseRoutes, type LighthouseRow } from './lighthouse.js';

export const CATALOGUE_LCP_ROUTES = ['/', '/map'] as const;
/** Issue 21 point 3: the home list's first rows and the map's first markers within 2.5 s. */
export const CATALOGUE_LCP_TARGET_MS = 2500;

export const catalogueLcp = (url: string): Promise<LighthouseRow[]> =>
  lighthouseRoutes(url, CATALOGUE_LCP_ROUTES);

/** The table beside the demo content's Lighthouse figures (same columns that matter here). */
export function catalogueLcpTable(rows: LighthouseRow[] | string, what: string): void {
  console.log(`\n### Lighthouse on the large catalogue (${what}; mobile, median of 3 runs)\n`);
  if (typeof rows === 'string') return void console.log(rows);
  console.log('| route | LCP (s) | target | FCP (s) | TBT (ms) | CLS | performance (3 runs) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.route} | **${(r.lcpMs / 1000).toFixed(2)}** | ${r.lcpMs <= CATALOGUE_LCP_TARGET_MS ? '≤ 2.5 s: met' : '≤ 2.5 s: **missed**'} | ${(r.fcpMs / 1000).toFixed(2)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${r.scores.performance} (${r.allPerformance.join(', ')}) |`,
    );
}

// `npx tsx bench/catalogue-lcp.ts http://127.0.0.1:PORT`: the figures of a server already
// running on a large catalogue.
if (process.argv[1]?.endsWith('catalogue-lcp.ts')) {
  const url = process.argv[2];
  if (!url) throw new Error('Usage: tsx bench/catalogue-lcp.ts <server URL>');
  catalogueLcpTable(await catalogueLcp(url.replace(/\/$/, '')), url);
}
