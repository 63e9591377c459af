// The first screens of a catalogue (docs/scale-out.md §3): Lighthouse's mobile profile (simulated
// slow 4G, 4× CPU; median of 3) on the home list and the world map, what its LCP element is, and
// when the home's first list row and the map's first marker are on screen under the same profile
// applied (first-screens.ts). The catalogue section runs it on the demo content and on 100,000
// generated guides in one run (catalogue.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_GUIDES, generateCatalogue } from './generate-catalogue.js';
import { firstScreens, type FirstScreenRow } from './first-screens.js';
import { lighthouseRoutes, type LighthouseRow } from './lighthouse.js';
import { freshPostgres, startServer } from './server.js';

export const CATALOGUE_LCP_ROUTES = ['/', '/map'] as const;
/** The home list's first rows and the map's first markers within 2.5 s (decision 0018). */
export const CATALOGUE_LCP_TARGET_MS = 2500;

export type CatalogueScreens = {
  lighthouse: LighthouseRow[] | string;
  firsts: FirstScreenRow[] | string;
};

const failed = (what: string) => (e: Error) => `${what} failed: ${e.message.split('\n')[0]}`;

/** Lighthouse, then the applied-throttling run, on `/` and `/map` of a running server. */
export async function catalogueScreens(url: string): Promise<CatalogueScreens> {
  const lighthouse = await lighthouseRoutes(url, CATALOGUE_LCP_ROUTES).catch(failed('Lighthouse'));
  const firsts = await firstScreens(url, CATALOGUE_LCP_ROUTES).catch(failed('First screens'));
  return { lighthouse, firsts };
}

const s = (ms: number) => (Number.isFinite(ms) && ms >= 0 ? (ms / 1000).toFixed(2) : '–');
const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 90);

/** One table: each route on each content, Lighthouse's figures beside the first row/marker. */
export function catalogueScreensTable(
  runs: { label: string; screens: CatalogueScreens | string }[],
) {
  console.log(
    '\n### First screens: Lighthouse mobile (median of 3) and the first row / marker on screen\n',
  );
  console.log(
    '| route | content | LCP (s), target ≤ 2.5 | FCP (s) | TBT (ms) | performance (3 runs) | LCP element (Lighthouse) | first row / marker on screen, applied slow 4G + 4× CPU (s; 3 runs) | LCP in that run (s): element |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const notes: string[] = [];
  for (const route of CATALOGUE_LCP_ROUTES)
    for (const { label, screens } of runs) {
      if (typeof screens === 'string') {
        notes.push(`${label}: ${screens}`);
        continue;
      }
      const lh = typeof screens.lighthouse === 'string' ? undefined : screens.lighthouse;
      const first = typeof screens.firsts === 'string' ? undefined : screens.firsts;
      for (const x of [screens.lighthouse, screens.firsts])
        if (typeof x === 'string' && !notes.includes(`${label}: ${x}`))
          notes.push(`${label}: ${x}`);
      const r = lh?.find((row) => row.route === route);
      const f = first?.find((row) => row.route === route);
      const el = r?.lcpElement;
      console.log(
        `| ${route} | ${label} | ${
          r ? `**${s(r.lcpMs)}** ${r.lcpMs <= CATALOGUE_LCP_TARGET_MS ? 'met' : '**missed**'}` : '–'
        } | ${r ? s(r.fcpMs) : '–'} | ${r ? Math.round(r.tbtMs) : '–'} | ${
          r ? `${r.scores.performance} (${r.allPerformance.join(', ')})` : '–'
        } | ${el ? cell(`${el.label} \`${el.snippet}\``) : '–'} | ${
          f ? `${f.what}: **${s(f.firstMs)}** (${f.all.map(s).join(', ')})` : '–'
        } | ${
          f
            ? `${s(f.lcpMs)}: ${cell(f.lcpElement)} — ${f.lcpIsIt ? `the ${f.what.replace('first ', '')}` : `not the ${f.what.replace('first ', '')}`}`
            : '–'
        } |`,
      );
    }
  console.log(
    `\nLighthouse: its default mobile profile (simulated: 150 ms RTT, 1.6 Mbit/s, 4× CPU), median by performance score. First row / marker: Chromium with that profile applied through the DevTools protocol (Lighthouse's own applied values: 562.5 ms per request, 1,475 kbit/s down, 4× CPU; 412×823 at 1.75×), a fresh context per run, ms from navigation start to the first frame where a \`[role="listitem"]\` of the list (\`/\`) or a Leaflet marker (\`/map\`) is in the viewport; median of 3. Applied throttling on this shared machine slows the CPU four times over its load: an upper bound.`,
  );
  for (const n of notes) console.log(`\n${n}`);
  console.log(
    '\nLoads ended before the first row / marker was on screen (median run; s from navigation start, start–end):\n',
  );
  for (const route of CATALOGUE_LCP_ROUTES)
    for (const { label, screens } of runs) {
      const f =
        typeof screens !== 'string' && typeof screens.firsts !== 'string'
          ? screens.firsts.find((row) => row.route === route)
          : undefined;
      if (f) console.log(`- ${route}, ${label}: ${f.before.join(', ')}`);
    }
}

/**
 * The whole measurement on its own: a fresh PostgreSQL database filled by
 * generate-catalogue.ts (100,000 guides, `CATALOGUE_LCP_GUIDES` to change), the built server
 * on it, the first screens of `/` and `/map`, the database dropped after.
 */
export async function catalogueLcpOnPostgres(
  log: (line: string) => void = (l) => console.error(l),
): Promise<{ label: string; screens: CatalogueScreens | string }> {
  const pg = await freshPostgres('catalogue_lcp');
  if ('skipped' in pg) return { label: 'PostgreSQL', screens: pg.skipped };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-bench-catalogue-lcp-'));
  try {
    const guides = Number(process.env.CATALOGUE_LCP_GUIDES ?? CATALOGUE_GUIDES);
    const made = await generateCatalogue({ databaseUrl: pg.url, dataDir, guides, progress: log });
    const label = `${made.guides.toLocaleString('en')} guides`;
    const server = await startServer({ dataDir, demo: false, databaseUrl: pg.url });
    try {
      log(`first screens of ${label}`);
      return { label, screens: await catalogueScreens(server.url) };
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/catalogue-lcp.ts [server URL]`: the figures of a server already running, or
// (no URL) the whole measurement on a fresh PostgreSQL database. `npm run bench` with
// `BENCH_ONLY=catalogue` measures the demo content beside 100,000 guides in one run.
if (process.argv[1]?.endsWith('catalogue-lcp.ts')) {
  const url = process.argv[2];
  if (url)
    catalogueScreensTable([
      { label: url, screens: await catalogueScreens(url.replace(/\/$/, '')) },
    ]);
  else catalogueScreensTable([await catalogueLcpOnPostgres()]);
}
