// The large catalogue's first screens (issue 21 point 3, docs/scale-out.md §3): Lighthouse's
// mobile profile (simulated slow 4G, 4× CPU) on the home list and the world map of a server
// holding the generated catalogue (100,000 guides on PostgreSQL in `npm run bench`).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_GUIDES, generateCatalogue } from './generate-catalogue.js';
import { lighthouseRoutes, type LighthouseRow } from './lighthouse.js';
import { freshPostgres, startServer } from './server.js';

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

/**
 * The whole measurement on its own: a fresh PostgreSQL database filled by
 * generate-catalogue.ts (100,000 guides, `CATALOGUE_LCP_GUIDES` to change), the built server
 * on it, Lighthouse on `/` and `/map`, the database dropped after.
 */
export async function catalogueLcpOnPostgres(
  log: (line: string) => void = (l) => console.error(l),
): Promise<{ rows: LighthouseRow[] | string; what: string }> {
  const pg = await freshPostgres('catalogue_lcp');
  if ('skipped' in pg) return { rows: pg.skipped, what: 'PostgreSQL' };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-bench-catalogue-lcp-'));
  try {
    const guides = Number(process.env.CATALOGUE_LCP_GUIDES ?? CATALOGUE_GUIDES);
    const made = await generateCatalogue({ databaseUrl: pg.url, dataDir, guides, progress: log });
    const what = `${made.guides.toLocaleString('en')} guides on PostgreSQL`;
    const server = await startServer({ dataDir, demo: false, databaseUrl: pg.url });
    try {
      log(`Lighthouse on ${what}`);
      return { rows: await catalogueLcp(server.url), what };
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/catalogue-lcp.ts [server URL]`: the figures of a server already running on a
// large catalogue, or (no URL) the whole measurement on a fresh PostgreSQL database.
if (process.argv[1]?.endsWith('catalogue-lcp.ts')) {
  const url = process.argv[2];
  if (url) catalogueLcpTable(await catalogueLcp(url.replace(/\/$/, '')), url);
  else {
    const { rows, what } = await catalogueLcpOnPostgres();
    catalogueLcpTable(rows, what);
  }
}
