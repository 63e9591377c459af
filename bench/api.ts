// API throughput: autocannon against the real server and against a bare node:http server
// answering the very same status, headers and body bytes, both measured in the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Canned } from './bare-server.js';
import type { LoadJob, LoadResult } from './load.js';
import { CHROMIUM, CHROMIUM_ARGS, freePort, root, stopProcess, waitForHealth } from './server.js';

export const API_PATHS = ['/api/v1/tour-by-token/riverfront-sculpture-walk', '/api/v1/tours'];
export const CONNECTIONS = 100;
export const SECONDS = 10;
const WARMUP_SECONDS = 2;

export type ApiRow = {
  database: string;
  path: string;
  encoding: string;
  bodyBytes: number;
  /** Two passes combined: mean requests/s, the higher p99. */
  app: LoadResult;
  bare: LoadResult;
  runs: { app: LoadResult[]; bare: LoadResult[] };
};

function combine(a: LoadResult, b: LoadResult): LoadResult {
  const requests = a.requests + b.requests;
  return {
    requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
    p50Ms: Math.max(a.p50Ms, b.p50Ms),
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    requests,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    bytesPerResponse: requests
      ? (a.bytesPerResponse * a.requests + b.bytesPerResponse * b.requests) / requests
      : 0,
  };
}

/** The Accept-Encoding the bench's Chromium sends to the server, so autocannon asks as it does. */
export async function chromiumAcceptEncoding(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`${url}/about`);
    const sent = await response!.request().allHeaders();
    return sent['accept-encoding'] ?? '';
  } finally {
    await browser.close();
  }
}

// Per-connection and per-message headers: the bare server's own Node http sets these.
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** One response as it comes off the wire: the body still encoded. */
function capture(url: string, headers: Record<string, string>): Promise<Canned> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const kept = Object.entries(res.headers).filter(([k]) => !HOP.has(k));
        resolve({
          status: res.statusCode!,
          headers: Object.fromEntries(
            kept.map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
          ),
          bodyBase64: Buffer.concat(chunks).toString('base64'),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The answer the app gives once warm: a first answer may differ (the response cache stores
 * its own compressed form), so asks until two answers in a row carry the same bytes.
 */
async function steadyAnswer(url: string, headers: Record<string, string>): Promise<Canned> {
  let last = await capture(url, headers);
  for (let i = 0; i < 5; i++) {
    const next = await capture(url, headers);
    if (next.status !== 200) throw new Error(`${url} answered ${next.status}`);
    if (next.bodyBase64 === last.bodyBase64) return next;
    last = next;
  }
  throw new Error(`${url} answers different bytes each time; no fair baseline`);
}

function tsxProcess(file: string, args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function load(job: LoadJob): Promise<LoadResult> {
  const proc = tsxProcess('load.ts', [JSON.stringify(job)]);
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) =>
    proc.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`load client failed (${code})`));
      else resolve(JSON.parse(last) as LoadResult);
    }),
  );
}

export async function apiThroughput(
  database: string,
  appUrl: string,
  acceptEncoding: string,
): Promise<ApiRow[]> {
  const headers: Record<string, string> = acceptEncoding
    ? { 'accept-encoding': acceptEncoding }
    : {};
  const canned: Record<string, Canned> = {};
  for (const p of API_PATHS) canned[p] = await steadyAnswer(appUrl + p, headers);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'earshot-bench-bare-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(canned));
  const port = await freePort();
  const bare = tsxProcess('bare-server.ts', [file, String(port)]);
  const bareUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(bareUrl, bare, 'bare server');
    const rows: ApiRow[] = [];
    for (const p of API_PATHS) {
      const job = (base: string, warmupSeconds: number): LoadJob => ({
        url: base + p,
        headers,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds,
      });
      // App, bare, bare, app: a load that drifts during the minute (the machine is shared)
      // weighs on both sides alike. The second pass needs no warm-up.
      const app1 = await load(job(appUrl, WARMUP_SECONDS));
      const bare1 = await load(job(bareUrl, WARMUP_SECONDS));
      const bare2 = await load(job(bareUrl, 0));
      const app2 = await load(job(appUrl, 0));
      rows.push({
        database,
        path: p,
        encoding: canned[p]!.headers['content-encoding'] ?? 'identity',
        bodyBytes: Buffer.from(canned[p]!.bodyBase64, 'base64').length,
        app: combine(app1, app2),
        bare: combine(bare1, bare2),
        runs: { app: [app1, app2], bare: [bare1, bare2] },
      });
    }
    return rows;
  } finally {
    await stopProcess(bare);
    rmSync(dir, { recursive: true, force: true });
  }
}
