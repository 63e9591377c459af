// npm run bench: one run records every figure of bench/README.md, each beside its baseline
// from the same run (the machine is shared and noisy: compare ratios, not absolutes).
// BENCH_ONLY=api,lighthouse,js,fuzz,list,guide,field,insights,signs,catalogue,load runs some sections; BENCH_VERBOSE=1
// says more; BENCH_BASE=<a built checkout> measures the js section on that build too (README).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiThroughput, chromiumAcceptEncoding, type ApiRow } from './api.js';
import { catalogueBench, catalogueTable, type CatalogueResult } from './catalogue.js';
import { field, fieldTables, type FieldResult } from './field.js';
import { fuzzTestExists, runFuzz, FUZZ_FILE, type FuzzRow } from './fuzz.js';
import { generateGuides } from './generate-guides.js';
import { insightsBench, insightsTable, type InsightsResult } from './insights.js';
import { importWithCli, MANY_TOKEN, writeManyStopsBundle } from './guide-bundle.js';
import { carouselScroll, type CarouselRow } from './guide-carousel.js';
import { guideFirstLoad, type GuideJsRow } from './guide-js.js';
import { FLAGSHIP } from './guide-page.js';
import { tapToPlay, type PlayRow } from './guide-play.js';
import * as guideTables from './guide-tables.js';
import { lighthouseRoutes, type LighthouseRow } from './lighthouse.js';
import { signsBench, signsTable, type SignsResult } from './signs.js';
import { loadSection, type LoadRow } from './load-run.js';
import { loadTables } from './load-tables.js';
import { listMeasure, type ListRow } from './list.js';
import {
  baseSource,
  CHROMIUM,
  dropSnapshot,
  freshPostgres,
  root,
  snapshotBuild,
  startServer,
  webDistSource,
} from './server.js';
import * as tables from './tables.js';
import { transferredJs, type TransferRow } from './transfer.js';

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (s: string) => !only || only.includes(s);
const started = Date.now();
const step = (what: string) =>
  console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);

// The insights, signs, catalogue and load sections call the API only: they need no web build. The
// catalogue section measures its first screens (Lighthouse) too when the web build is there.
const needWeb = !only || only.some((s) => !['insights', 'signs', 'catalogue', 'load'].includes(s));
const webBuilt = existsSync(path.join(webDistSource(), 'index.html'));
if (!existsSync(path.join(root, 'apps/server/dist/main.js')) || (needWeb && !webBuilt)) {
  throw new Error(`Build first: npm run build (no index.html in ${webDistSource()})`);
}

const api: ApiRow[] = [];
const apiNotes: string[] = [];
let lh: LighthouseRow[] | string | undefined;
let lhUrl = '';
let js: TransferRow[] | string | undefined;
let jsBase: TransferRow[] | string | undefined;
const fuzz: FuzzRow[] = [];
const fuzzNotes: string[] = [];
const list: ListRow[] = [];
let guideJs: GuideJsRow[] | string | undefined;
let play: PlayRow[] | string | undefined;
let carousel: CarouselRow[] | string | undefined;
let fieldResult: FieldResult | string | undefined;
let insights: InsightsResult | string | undefined;
let signs: SignsResult | string | undefined;
let catalogue: CatalogueResult | string | undefined;
let load: (LoadRow | string)[] = [];
const MANY_STOPS = 200;
// The machine is shared: how busy it was when the run began goes with the figures.
const loadAtStart = os.loadavg()[0]!;

/** A failed section prints its error in its table; the other sections still run. */
async function guarded<T>(what: string, f: () => Promise<T>): Promise<T | string> {
  step(what);
  try {
    return await f();
  } catch (e) {
    console.error(e);
    return `${what} failed: ${(e as Error).message.split('\n')[0]}`;
  }
}

const temps: string[] = [];
const tempDir = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `earshot-bench-${name}-`));
  temps.push(d);
  return d;
};

snapshotBuild({ web: needWeb || (wanted('catalogue') && webBuilt) });
try {
  // Demo content on SQLite: what a first visitor of a fresh install sees.
  const demo = await startServer({ dataDir: tempDir('demo'), demo: true });
  let acceptEncoding = '';
  try {
    if (wanted('js')) js = await guarded('transferred JS', () => transferredJs(demo.url));
    if (wanted('lighthouse')) {
      lhUrl = demo.url;
      lh = await guarded('Lighthouse', () => lighthouseRoutes(demo.url));
    }
    if (wanted('list')) {
      const r = await guarded('list (demo)', () => listMeasure('demo', demo.url));
      if (typeof r === 'string') console.log(r);
      else list.push(r);
    }
    if (wanted('api')) {
      acceptEncoding = await chromiumAcceptEncoding(demo.url);
      const r = await guarded('API on SQLite', () =>
        apiThroughput('SQLite', demo.url, acceptEncoding),
      );
      if (typeof r === 'string') apiNotes.push(r);
      else api.push(...r);
    }
  } finally {
    await demo.stop();
  }
  // The same routes on the BENCH_BASE build, right after (same machine load, same browser).
  if (wanted('js') && baseSource()) {
    const base = await startServer({ dataDir: tempDir('base'), demo: true, base: true });
    try {
      jsBase = await guarded('transferred JS (BENCH_BASE)', () => transferredJs(base.url));
    } finally {
      await base.stop();
    }
  }

  if (wanted('api')) {
    const pg = await freshPostgres('api');
    if ('skipped' in pg) apiNotes.push(`PostgreSQL run skipped: ${pg.skipped}`);
    else {
      try {
        const server = await startServer({
          dataDir: tempDir('pg'),
          demo: true,
          databaseUrl: pg.url,
        });
        try {
          const r = await guarded('API on PostgreSQL', () =>
            apiThroughput('PostgreSQL', server.url, acceptEncoding),
          );
          if (typeof r === 'string') apiNotes.push(r);
          else api.push(...r);
        } finally {
          await server.stop();
        }
      } finally {
        await pg.drop();
      }
    }
  }

  if (wanted('list')) {
    step('generating 10,000 guides');
    const bigDir = tempDir('10k');
    await generateGuides(bigDir, 10_000);
    const big = await startServer({ dataDir: bigDir, demo: false });
    try {
      const r = await guarded('list (10k)', () => listMeasure('10k', big.url));
      if (typeof r === 'string') console.log(r);
      else list.push(r);
    } finally {
      await big.stop();
    }
  }

  if (wanted('guide')) {
    // The demo content, then a guide of 200 stops through the real importer (the server's
    // CLI) into the same data folder, before the measured server starts on it.
    const dir = tempDir('guide');
    const first = await startServer({ dataDir: dir, demo: true });
    await first.stop();
    step(`importing a guide of ${MANY_STOPS} stops`);
    console.error(await importWithCli(dir, writeManyStopsBundle(tempDir('bundle'), MANY_STOPS)));
    const server = await startServer({ dataDir: dir, demo: true });
    try {
      guideJs = await guarded('guide route JS', () => guideFirstLoad(server.url));
      play = await guarded('tap to play', () => tapToPlay(server.url));
      carousel = await guarded('carousel scroll', () =>
        carouselScroll(server.url, [
          { label: `generated (${MANY_TOKEN})`, token: MANY_TOKEN },
          { label: `flagship (${FLAGSHIP})`, token: FLAGSHIP },
        ]),
      );
    } finally {
      await server.stop();
    }
  }

  if (wanted('field')) {
    const server = await startServer({ dataDir: tempDir('field'), demo: true });
    try {
      fieldResult = await guarded('field (preload, offline)', () => field(server.url));
    } finally {
      await server.stop();
    }
  }

  if (wanted('insights')) insights = await guarded('insights', () => insightsBench(tempDir, step));

  if (wanted('signs')) signs = await guarded('signs', () => signsBench(tempDir, step));

  if (wanted('catalogue'))
    catalogue = await guarded('catalogue', () =>
      catalogueBench(tempDir, step, { lighthouse: webBuilt }),
    );
  if (wanted('load')) load = await loadSection(tempDir, step);

  if (wanted('fuzz')) {
    if (!fuzzTestExists()) fuzzNotes.push(`fuzz test not found (apps/server/${FUZZ_FILE})`);
    else {
      step('fuzz on SQLite');
      fuzz.push(await runFuzz('SQLite'));
      const pg = await freshPostgres('fuzz');
      if ('skipped' in pg) fuzzNotes.push(`PostgreSQL fuzz run skipped: ${pg.skipped}`);
      else {
        step('fuzz on PostgreSQL');
        try {
          fuzz.push(await runFuzz('PostgreSQL', pg.url));
        } finally {
          await pg.drop();
        }
      }
    }
  }
} finally {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
  dropSnapshot();
}

step('done');
const chromiumVersion = (() => {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'Chromium (version unknown)';
  }
})();
console.log(
  `\n${new Date().toISOString().slice(0, 16)}Z · ${os.cpus().length} cores · Node ${process.versions.node} · ${chromiumVersion} · bench took ${((Date.now() - started) / 60_000).toFixed(1)} min · load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
);
if (wanted('api')) tables.api(api, apiNotes);
if (wanted('lighthouse') && lh) tables.lighthouse(lh, lhUrl);
if (wanted('js') && js) tables.transfer(js, jsBase, baseSource());
if (wanted('fuzz')) tables.fuzz(fuzz, fuzzNotes);
if (wanted('list')) tables.list(list);
if (wanted('guide')) {
  if (guideJs) guideTables.guideJs(guideJs);
  if (play) guideTables.tapToPlay(play);
  if (carousel) guideTables.carousel(carousel);
}
if (wanted('field') && fieldResult) fieldTables(fieldResult);
if (wanted('insights')) insightsTable(insights);
if (wanted('signs')) signsTable(signs);
if (wanted('catalogue')) catalogueTable(catalogue);
if (wanted('load')) loadTables(load);
