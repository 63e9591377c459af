// The catalogue section (docs/scale-out.md §3): the large catalogue's calls timed over HTTP against
// the built server on PostgreSQL with 100,000 generated guides (generate-catalogue.ts), beside
// the same calls on the demo content (also on PostgreSQL), with the server's RSS sampled
// during each; then, when the web build is there, the first screens of `/` and `/map` on both
// (Lighthouse mobile and the first row / marker on screen: catalogue-lcp.ts).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { generateCatalogue, type GeneratedCatalogue } from './generate-catalogue.js';
import { catalogueScreens, catalogueScreensTable, type CatalogueScreens } from './catalogue-lcp.js';
import { baseSource, freshPostgres, startServer } from './server.js';

/** Words typed one character at a time (from the third, SPEC §9's minimum), each keystroke a call. */
export const TYPED = ['bronze murals', 'harbor', 'fountains walk', 'secret', 'theatre', 'ashbel'];
/** Warm-up queries (not counted): a server on a warm database, as in service. */
const WARMUP = ['riverside', 'old mills', 'golden', 'garden', 'canyon'];
const REPEATS = 5;

export type Timing = { first: number; repeatMedian: number; bytes: number; status: number };
export type CatalogueRun = {
  label: string;
  guides: number;
  calls: Record<string, Timing>;
  keystrokes: number[];
  /** The machine's 1-minute load average when the keystrokes started and ended. */
  keystrokeLoad: [number, number];
  rssMiB: { start: number; peak: number; end: number };
  /** Lighthouse and the first row / marker on `/` and `/map` (or why not measured). */
  screens: CatalogueScreens | string;
};
export type CatalogueResult = {
  generated?: GeneratedCatalogue;
  runs: CatalogueRun[];
  notes: string[];
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
/** Nearest-rank percentile. */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, bytes: body.byteLength, status: res.status };
}

/** The resident set of a process (MiB) from /proc, sampled until stopped. */
function rssSampler(pid: number) {
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : NaN;
    } catch {
      return NaN;
    }
  };
  const samples = [read()];
  const timer = setInterval(() => samples.push(read()), 250);
  return () => {
    clearInterval(timer);
    samples.push(read());
    const ok = samples.filter((s) => !Number.isNaN(s));
    return { start: ok[0] ?? NaN, peak: Math.max(...ok), end: ok[ok.length - 1] ?? NaN };
  };
}

/** Every call of the section on one running server. */
async function measure(label: string, url: string, pid: number): Promise<CatalogueRun> {
  const stop = rssSampler(pid);
  const api = `${url}/api/v1`;
  const first = await fetch(`${api}/tours/page?limit=1`).then(
    (r) =>
      r.json() as Promise<{ total: number; guides: { center: { lat: number; lng: number } }[] }>,
  );
  const here = first.guides[0]?.center ?? { lat: 45.5, lng: -122.7 };
  const d = 0.05;
  const calls: Record<string, string> = {
    'first page (GET tours)': `${api}/tours`,
    'letter jump (tours/page?from=m)': `${api}/tours/page?order=state&from=m`,
    'letters (tours/letters)': `${api}/tours/letters?order=city`,
    'world map (guide-summary)': `${api}/guide-summary`,
    'clusters, world (zoom 2)': `${api}/guide-summary/clusters?bbox=-180,-85,180,85&zoom=2`,
    'clusters, city (zoom 13)': `${api}/guide-summary/clusters?bbox=${here.lng - d},${here.lat - d},${here.lng + d},${here.lat + d}&zoom=13`,
    'sitemap index': `${url}/sitemap.xml`,
    'sitemap page 1': `${url}/sitemap-guides-1.xml`,
  };
  for (const q of WARMUP) await timed(`${api}/tours/search?q=${encodeURIComponent(q)}`);
  const out: Record<string, Timing> = {};
  for (const [name, u] of Object.entries(calls)) {
    const one = await timed(u);
    const again: number[] = [];
    for (let i = 0; i < REPEATS; i++) again.push((await timed(u)).ms);
    out[name] = {
      first: one.ms,
      repeatMedian: median(again),
      bytes: one.bytes,
      status: one.status,
    };
  }
  // Each keystroke is a new query: the first time the server is asked it (no cached answer).
  const keystrokes: number[] = [];
  const loadBefore = os.loadavg()[0]!;
  for (const word of TYPED) {
    for (let n = 3; n <= word.length; n++) {
      const q = word.slice(0, n);
      if (q.endsWith(' ')) continue;
      const r = await timed(`${api}/tours/search?q=${encodeURIComponent(q)}`);
      if (r.status !== 200) throw new Error(`search ${q} answered ${r.status}`);
      keystrokes.push(r.ms);
      if (process.env.BENCH_VERBOSE)
        console.error(`  ${label} keystroke "${q}": ${r.ms.toFixed(1)} ms, ${r.bytes} B`);
    }
  }
  return {
    label,
    guides: first.total,
    calls: out,
    keystrokes,
    rssMiB: stop(),
    keystrokeLoad: [loadBefore, os.loadavg()[0]!],
    screens: 'not measured',
  };
}

/** The calls, then (with the web build) the first screens, on one running server. */
async function measureAll(
  label: string,
  server: { url: string; pid: number },
  step: (what: string) => void,
  lighthouse: boolean,
): Promise<CatalogueRun> {
  step(`catalogue calls on ${label}`);
  const run = await measure(label, server.url, server.pid);
  if (!lighthouse) {
    run.screens =
      'not run: the web build is missing (npm run build -w apps/web, or BENCH_WEB_DIST)';
    return run;
  }
  step(`first screens (Lighthouse, first row / marker) of / and /map on ${label}`);
  run.screens = await catalogueScreens(server.url);
  return run;
}

/** The section: the demo content, then the generated catalogue, each on a fresh database. */
export async function catalogueBench(
  tempDir: (name: string) => string,
  step: (what: string) => void,
  /** Also the first screens of `/` and `/map` on both (needs the web build). */
  { lighthouse = false }: { lighthouse?: boolean } = {},
): Promise<CatalogueResult> {
  const result: CatalogueResult = { runs: [], notes: [] };
  const demoPg = await freshPostgres('catalogue_demo');
  if ('skipped' in demoPg) {
    result.notes.push(`PostgreSQL runs skipped: ${demoPg.skipped}`);
    return result;
  }
  try {
    const server = await startServer({
      dataDir: tempDir('cat-demo'),
      demo: true,
      databaseUrl: demoPg.url,
    });
    try {
      result.runs.push(await measureAll('demo content', server, step, lighthouse));
    } finally {
      await server.stop();
    }
  } finally {
    await demoPg.drop();
  }

  const pg = await freshPostgres('catalogue');
  if ('skipped' in pg) {
    result.notes.push(`PostgreSQL run skipped: ${pg.skipped}`);
    return result;
  }
  try {
    step('generating 100,000 guides and 1,000,000 stops');
    const dir = tempDir('cat-100k');
    result.generated = await generateCatalogue({
      databaseUrl: pg.url,
      dataDir: dir,
      progress: (line) => step(line),
    });
    const server = await startServer({ dataDir: dir, demo: false, databaseUrl: pg.url });
    try {
      result.runs.push(await measureAll('100,000 guides', server, step, lighthouse));
    } finally {
      await server.stop();
    }
    // BENCH_BASE: the other build's server on the same database, after this one (its pages are
    // then warm in PostgreSQL's cache: a comparison that favours the base, if anything).
    if (baseSource()) {
      const base = await startServer({
        dataDir: dir,
        demo: false,
        databaseUrl: pg.url,
        base: true,
      });
      try {
        step('catalogue calls on 100,000 guides, BENCH_BASE build');
        const run = await measure('100,000 guides, BENCH_BASE build', base.url, base.pid);
        result.runs.push({ ...run, screens: 'calls only' });
      } finally {
        await base.stop();
      }
    }
  } finally {
    await pg.drop();
  }
  return result;
}

export const KEYSTROKE_TARGET_MS = 100;

/** The section's tables: each call on the demo content beside the 100,000-guide catalogue. */
export function catalogueTable(result: CatalogueResult | string | undefined) {
  console.log('\n### Catalogue (HTTP from the bench to the built server on PostgreSQL)\n');
  if (result === undefined) return;
  if (typeof result === 'string') {
    console.log(result);
    return;
  }
  const g = result.generated;
  if (g)
    console.log(
      `Generated ${g.guides.toLocaleString('en')} guides, ${g.stops.toLocaleString('en')} stops, ${g.cities.toLocaleString('en')} cities through the database layer in ${g.seconds.toFixed(0)} s.\n`,
    );
  const runs = result.runs;
  const f = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));
  const head = ['call', ...runs.flatMap((r) => [`${r.label}: first / repeated (ms)`, 'bytes'])];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.calls)))];
  for (const name of names)
    console.log(
      `| ${[
        name,
        ...runs.flatMap((r) => {
          const t = r.calls[name];
          return t
            ? [
                `${f(t.first)} / ${f(t.repeatMedian)}${t.status === 200 ? '' : ` (${t.status})`}`,
                String(t.bytes),
              ]
            : ['–', '–'];
        }),
      ].join(' | ')} |`,
    );
  const ks = (r: CatalogueRun) =>
    `${r.keystrokes.length} keystrokes: p50 ${f(percentile(r.keystrokes, 50))}, p95 ${f(percentile(r.keystrokes, 95))}, max ${f(Math.max(...r.keystrokes))} — ${percentile(r.keystrokes, 95) <= KEYSTROKE_TARGET_MS ? 'met' : 'not met'}`;
  console.log(
    `| search per keystroke (uncached; target p95 ≤ ${KEYSTROKE_TARGET_MS} ms) | ${runs.map((r) => `${ks(r)} | `).join('')}`,
  );
  console.log(
    `| load average when the keystrokes started / ended | ${runs.map((r) => `${f(r.keystrokeLoad[0])} / ${f(r.keystrokeLoad[1])} | | `).join('')}`,
  );
  console.log(
    `| server RSS start / peak / end (MiB) | ${runs.map((r) => `${f(r.rssMiB.start)} / ${f(r.rssMiB.peak)} / ${f(r.rssMiB.end)} | `).join('')}`,
  );
  console.log(
    `\nFirst = the first request of that URL (the server computes it); repeated = median of ${REPEATS} more (the content cache answers). Typed: ${TYPED.map((w) => `"${w}"`).join(', ')}, from the third character.`,
  );
  for (const n of result.notes) console.log(`\n${n}`);
  const screened = runs.filter((r) => r.screens !== 'calls only');
  if (screened.length)
    catalogueScreensTable(screened.map((r) => ({ label: r.label, screens: r.screens })));
}
