// Fuzz counts: the server's own property-based test (apps/server/test/fuzz.test.ts), run as
// it is and its `fuzz:` lines recorded; nothing here counts requests itself.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.js';

export const FUZZ_FILE = 'test/fuzz.test.ts';
const serverDir = path.join(root, 'apps/server');

export type FuzzRow = { database: string; lines: string[]; passed: boolean; note?: string };

export function fuzzTestExists() {
  return existsSync(path.join(serverDir, FUZZ_FILE));
}

/** Requests per database (the test's own default is the same 10,000). */
export const FUZZ_RUNS = Number(process.env.BENCH_FUZZ_RUNS || 10_000);

export function runFuzz(database: string, databaseUrl = ''): Promise<FuzzRow> {
  const proc = spawn('npx', ['--yes', 'vitest', 'run', FUZZ_FILE], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FUZZ_RUNS: String(FUZZ_RUNS),
      CI: '1',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  // A hung fuzz run must not hold the whole bench.
  const timer = setTimeout(() => proc.kill('SIGTERM'), 15 * 60_000);
  return new Promise((resolve) =>
    proc.on('exit', (code) => {
      clearTimeout(timer);
      const lines = out
        .replace(ANSI, '')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('fuzz:'));
      const note =
        code === 0
          ? undefined
          : `vitest exited with ${code ?? 'a timeout'}: ${lastFailure(out) ?? 'see its output'}`;
      if (code !== 0 && process.env.BENCH_VERBOSE) console.log(out);
      resolve({ database, lines, passed: code === 0, note });
    }),
  );
}

// Vitest colours its output even when told not to, so escape codes are stripped.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

const lastFailure = (out: string) =>
  out
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /Error|FAIL|AssertionError/.test(l))
    .slice(0, 2)
    .join(' / ') || undefined;
