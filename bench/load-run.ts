// The load section (docs/scale-out.md §4): simulated visitors (visitors.ts, a process of its own)
// against the built server on SQLite, on PostgreSQL and on two nodes behind the alternating
// proxy; the server's memory sampled every second; then what the visitors sent counted in the
// database. BENCH_LOAD_VISITORS (200), BENCH_LOAD_SECONDS (60) and BENCH_LOAD_THINK_MS (mean
// pause between a visitor's calls, 2000) size a run; BENCH_LOAD_SETUPS=sqlite,postgres,two-nodes
// picks the setups; BENCH_LOAD_THREADPOOL the servers' UV_THREADPOOL_SIZE (16);
// BENCH_LOAD_GC_SECONDS (off) a full collection in each server that often and its memory after
// it (load-gc-probe.mjs, load-memory.ts).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/src/db/database.js';
import { scryptRate } from './load-capacity.js';
import type { GcSample } from './load-memory.js';
import { checkLedgers, type LoadCheck } from './load-check.js';
import { freshPostgres, root, startServer } from './server.js';
import { twoNodes } from './load-two-nodes.js';
import { CLOCK_STARTED } from './visitor-http.js';
import type { VisitorsJob, VisitorsResult } from './visitors.js';

export const LOAD_VISITORS = Number(process.env.BENCH_LOAD_VISITORS || 200);
export const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 60);
export const LOAD_THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS || 2000);
/** Visitors with an account already (they sign in), the others register: BENCH_LOAD_RETURNING. */
export const LOAD_RETURNING = Number(process.env.BENCH_LOAD_RETURNING ?? 0.5);
/** The servers' libuv pool (BENCH_LOAD_THREADPOOL, default 16: README's advice for a busy node). */
const LOAD_THREADPOOL = process.env.BENCH_LOAD_THREADPOOL || '16';
/** Seconds between the servers' forced full collections, 0 for none (BENCH_LOAD_GC_SECONDS). */
export const LOAD_GC_SECONDS = Number(process.env.BENCH_LOAD_GC_SECONDS || 0);
const SETUPS = (process.env.BENCH_LOAD_SETUPS || 'sqlite,postgres,two-nodes').split(',');
const PHOTO = path.join(root, 'content/demo/riverfront-sculpture-walk/media/rsw-06-1.jpg');
/** As behind a CDN: the server believes one hop of X-Forwarded-For. */
const TRUST_PROXY = '1';
/** The public address behind the CDN: the visitors' pages (their Origin) are served from it. */
export const LOAD_PUBLIC_URL = 'https://earshot.example';

/** Resident memory of each server process, in MB, one sample a second. */
export type RssSeries = { label: string; mb: number[] };

export type LoadRow = {
  setup: string;
  visitors: number;
  search: boolean;
  result: VisitorsResult;
  check: LoadCheck;
  rss: RssSeries[];
  /** Each server's memory after its forced collections (BENCH_LOAD_GC_SECONDS), by node label. */
  afterGc: { label: string; samples: GcSample[] }[];
  /** When the visitors' clock started, ms since the epoch. */
  clockAt: number;
  /** The sample taken when the visitors' clock started (the accounts made before it are no run). */
  clockSample: number;
  /** scrypt hashes per second the machine gave just before the run (load-capacity.ts). */
  hashRate: number;
  /** Seconds of warm-up after that (the ramp and as long again) before "after warm-up" is read. */
  warmupSeconds: number;
};

const rssMb = (pid: number): number | undefined => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
};

function sampleRss(procs: { label: string; pid: number }[]) {
  const series: RssSeries[] = procs.map((p) => ({ label: p.label, mb: [] }));
  const take = () =>
    procs.forEach((p, i) => {
      const mb = rssMb(p.pid);
      if (mb !== undefined) series[i]!.mb.push(mb);
    });
  take();
  const timer = setInterval(take, 1000);
  return {
    /** How many samples each series has now. */
    taken: () => Math.min(...series.map((x) => x.mb.length)),
    stop: () => {
      clearInterval(timer);
      take();
      return series;
    },
  };
}

function runVisitors(job: VisitorsJob, onClock: () => void): Promise<VisitorsResult> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench', 'visitors.ts'), JSON.stringify(job)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let clock = false;
  proc.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    if (!clock && out.includes(CLOCK_STARTED)) {
      clock = true;
      onClock();
    }
  });
  return new Promise((resolve, reject) =>
    proc.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`visitors failed (${code})`));
      else resolve(JSON.parse(last) as VisitorsResult);
    }),
  );
}

/** The catalogue's server-side search (`tours/search`), when this build has it. */
const hasSearch = (url: string) =>
  fetch(`${url}/api/v1/tours/search?q=river`).then(
    (r) => r.ok,
    () => false,
  );

export type Target = {
  url: string;
  procs: { label: string; pid: number }[];
  stop: () => Promise<void>;
};

/** What load-gc-probe.mjs wrote for `pid` in `dir`: none when the probe was off. */
function gcSamples(dir: string | undefined, pid: number): GcSample[] {
  const file = dir && path.join(dir, `${pid}.jsonl`);
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GcSample);
}

/** One setup: the visitors against `target`, then the counts in the database `open` gives. */
async function measure(
  setup: string,
  target: Target,
  open: () => ReturnType<typeof openDatabase>,
  gcDir: string | undefined,
): Promise<LoadRow> {
  const search = await hasSearch(target.url);
  const rampSeconds = Math.min(10, LOAD_SECONDS / 6);
  const job: VisitorsJob = {
    url: target.url,
    origin: LOAD_PUBLIC_URL,
    visitors: LOAD_VISITORS,
    seconds: LOAD_SECONDS,
    rampSeconds,
    thinkMs: LOAD_THINK_MS,
    search,
    returning: LOAD_RETURNING,
    photo: PHOTO,
    run: process.pid + SETUPS.indexOf(setup.toLowerCase()),
  };
  const hashRate = await scryptRate();
  const rss = sampleRss(target.procs);
  let result: VisitorsResult;
  let series: RssSeries[];
  let clockSample = 0;
  let clockAt = Date.now();
  try {
    result = await runVisitors(job, () => {
      clockSample = rss.taken();
      clockAt = Date.now();
    });
  } finally {
    series = rss.stop();
    // Stopped first: every write in flight is finished before the database is counted.
    await target.stop();
  }
  const handle = open();
  try {
    const check = await checkLedgers(handle, result.ledgers, result.sent);
    return {
      setup,
      visitors: LOAD_VISITORS,
      search,
      result,
      check,
      rss: series,
      afterGc: target.procs.map((p) => ({ label: p.label, samples: gcSamples(gcDir, p.pid) })),
      clockAt,
      clockSample,
      hashRate,
      warmupSeconds: 2 * rampSeconds,
    };
  } finally {
    await handle.db.destroy();
  }
}

export async function loadSection(
  tempDir: (name: string) => string,
  step: (what: string) => void,
): Promise<(LoadRow | string)[]> {
  const rows: (LoadRow | string)[] = [];
  const guarded = async (what: string, f: () => Promise<LoadRow | string>) => {
    step(`load: ${what} (${LOAD_VISITORS} visitors, ${LOAD_SECONDS} s)`);
    try {
      rows.push(await f());
    } catch (e) {
      console.error(e);
      rows.push(`${what}: failed: ${(e as Error).message.split('\n')[0]}`);
    }
  };
  const env = {
    TRUST_PROXY,
    PUBLIC_URL: LOAD_PUBLIC_URL,
    LOG_LEVEL: 'warn',
    // As the README advises a busy node: files and compression never wait behind hashes and
    // pictures in libuv's pool. Read by Node at start, so set here, in the server's environment.
    UV_THREADPOOL_SIZE: LOAD_THREADPOOL,
  };
  /** The probe's own directory for a setup, and that setup's servers' environment with it. */
  const probed = (setup: string) => {
    if (!LOAD_GC_SECONDS) return { gcDir: undefined, env };
    const gcDir = tempDir(`load-gc-${setup}`);
    const probe = pathToFileURL(path.join(root, 'bench', 'load-gc-probe.mjs')).href;
    return {
      gcDir,
      env: {
        ...env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${probe}`.trim(),
        BENCH_GC_PROBE_DIR: gcDir,
        BENCH_GC_PROBE_SECONDS: String(LOAD_GC_SECONDS),
      },
    };
  };
  if (SETUPS.includes('sqlite'))
    await guarded('SQLite', async () => {
      const dataDir = tempDir('load-sqlite');
      const { gcDir, env } = probed('sqlite');
      const s = await startServer({ dataDir, demo: true, env });
      return measure(
        'SQLite',
        { ...s, procs: [{ label: 'node', pid: s.pid }] },
        () => openDatabase({ dataDir }),
        gcDir,
      );
    });
  for (const setup of ['postgres', 'two-nodes'].filter((s) => SETUPS.includes(s))) {
    const label = setup === 'postgres' ? 'PostgreSQL' : 'two nodes, PostgreSQL';
    const pg = await freshPostgres(`load_${setup.replace('-', '_')}`);
    if ('skipped' in pg) {
      rows.push(`${label}: skipped: ${pg.skipped}`);
      continue;
    }
    try {
      await guarded(label, async () => {
        const dataDir = tempDir(`load-${setup}`);
        const { gcDir, env } = probed(setup);
        const target =
          setup === 'postgres'
            ? await startServer({ dataDir, demo: true, databaseUrl: pg.url, env }).then((s) => ({
                ...s,
                procs: [{ label: 'node', pid: s.pid }],
              }))
            : await twoNodes({ databaseUrl: pg.url, dataDir, env });
        return measure(label, target, () => openDatabase({ dataDir, databaseUrl: pg.url }), gcDir);
      });
    } finally {
      await pg.drop();
    }
  }
  return rows;
}
