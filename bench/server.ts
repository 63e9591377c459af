// The real server for the bench: the built apps/server/dist/main.js in its own process, on a
// SQLite folder or on a PostgreSQL database made fresh for this run.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export async function waitForHealth(url: string, proc: ChildProcess, what: string) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with code ${proc.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

// Other engineers rebuild apps/*/dist while the bench runs; the bench serves its own copy of
// the build, taken once at the start. It sits under node_modules so the server still finds its
// packages, and lint, prettier and git never see it.
let snapshot: string | undefined;
const SNAPSHOT_PARTS = ['apps/server/dist', 'apps/server/assets', 'apps/web/dist', 'content/demo'];

/**
 * BENCH_WEB_DIST: measure a web build made elsewhere than apps/web/dist (a build of one's own
 * beside the shared one: see README). It is copied to where the server looks for it.
 */
export const webDistSource = () =>
  process.env.BENCH_WEB_DIST
    ? path.resolve(process.env.BENCH_WEB_DIST)
    : path.join(root, 'apps/web/dist');
const sourceOf = (part: string) =>
  part === 'apps/web/dist' ? webDistSource() : path.join(root, part);

/**
 * BENCH_BASE: a second checkout, built (`npm run build` there), measured in the same run as a
 * baseline (the js section prints both and their ratio): e.g. a detached worktree of the
 * commit an issue was filed at. Its server and web build are copied like this tree's.
 */
export const baseSource = () =>
  process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : undefined;

let baseSnapshot: string | undefined;

export function snapshotBuild(opts: { web?: boolean } = {}): string {
  const needWeb = opts.web ?? true;
  const parent = path.join(root, 'node_modules', '.earshot-bench');
  // Copies left by an interrupted run: their process is gone.
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (!alive(Number(name.split('-')[0])))
      rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const base = baseSource();
  if (base)
    baseSnapshot = copyBuild(path.join(parent, `${process.pid}-base`), (part) =>
      path.join(base, part),
    );
  snapshot = copyBuild(path.join(parent, String(process.pid)), sourceOf, needWeb);
  return snapshot;
}

/** Copies a build's parts into `dir` (under node_modules: the server finds its packages there). */
function copyBuild(dir: string, from: (part: string) => string, needWeb = true): string {
  for (const part of SNAPSHOT_PARTS) {
    if (existsSync(from(part))) cpSync(from(part), path.join(dir, part), { recursive: true });
  }
  const html = path.join(dir, 'apps/web/dist/index.html');
  const assets = existsSync(html)
    ? [...readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
        (m) => m[1]!,
      )
    : [];
  const missing = assets.filter((a) => !existsSync(path.join(dir, 'apps/web/dist', a)));
  if (
    (needWeb && !existsSync(html)) ||
    !existsSync(path.join(dir, 'apps/server/dist/main.js')) ||
    missing.length
  ) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `The build in ${from('.')} changed while it was copied, or is not built (${missing[0] ?? 'no index.html'}): run again`,
    );
  }
  return dir;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The build under measure: the snapshot once taken, else the working tree. */
export const snapshotPath = () => snapshot ?? root;

export function dropSnapshot() {
  for (const dir of [snapshot, baseSnapshot])
    if (dir) rmSync(dir, { recursive: true, force: true });
}

export type Server = {
  url: string;
  stop: () => Promise<void>;
  /** The server process's id (the load and catalogue sections sample its memory). */
  pid: number;
};

/** Starts the built server; `databaseUrl` empty means SQLite in `dataDir`. */
export async function startServer(opts: {
  dataDir: string;
  demo: boolean;
  databaseUrl?: string;
  /** The BENCH_BASE build's server instead of this tree's. */
  base?: boolean;
  /** More environment for the server. */
  env?: Record<string, string>;
}): Promise<Server> {
  const port = await freePort();
  const dir = opts.base ? baseSnapshot : (snapshot ?? root);
  if (!dir) throw new Error('No BENCH_BASE build to start');
  const main = path.join(dir, 'apps/server/dist/main.js');
  const proc = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      DEMO_CONTENT: opts.demo ? '1' : '0',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, proc, 'server');
  return { url, stop: () => stopProcess(proc), pid: proc.pid! };
}

export function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

// A superuser login that may create databases; the server gets one made fresh for this run.
const ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL || 'postgres://earshot_ci:earshot_ci@127.0.0.1:5432/postgres';

export type FreshPg = { url: string; drop: () => Promise<void> };

/** A new, empty PostgreSQL database, or the reason there is none. */
export async function freshPostgres(name: string): Promise<FreshPg | { skipped: string }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  // Idle through a whole section: if PostgreSQL ends it meanwhile (a restart, another run's
  // cleanup), the next query says so; without a listener pg would end the bench.
  admin.on('error', (e) =>
    console.error(`bench: the PostgreSQL admin connection ended: ${e.message}`),
  );
  try {
    await admin.connect();
  } catch (e) {
    return { skipped: `PostgreSQL not available at ${redact(ADMIN_URL)}: ${(e as Error).message}` };
  }
  const db = `earshot_bench_${name}_${process.pid}`;
  try {
    await admin.query(`drop database if exists ${db}`);
    await admin.query(`create database ${db}`);
  } catch (e) {
    await admin.end();
    return { skipped: `cannot create a PostgreSQL database: ${(e as Error).message}` };
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  return {
    url: url.toString(),
    drop: async () => {
      // Every server on it is stopped and every pool ended by now, but pg's pool.end() resolves
      // before its connections are closed: a connection still closing that `with (force)`
      // ends answers 57P01 to a client that no longer listens (it ended a whole run once).
      // Wait up to 5 s for them to go; one still open after that is a process left over, named.
      const open = () =>
        admin.query<{ pid: number; state: string; query: string }>(
          'select pid, state, query from pg_stat_activity where datname = $1',
          [db],
        );
      let left = await open();
      for (let i = 0; i < 50 && left.rows.length; i++) {
        await new Promise((r) => setTimeout(r, 100));
        left = await open();
      }
      for (const c of left.rows)
        console.error(`bench: ${db} still has connection ${c.pid} (${c.state}: ${c.query})`);
      await admin.query(`drop database if exists ${db} with (force)`);
      await admin.end();
    },
  };
}

const redact = (u: string) => u.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
