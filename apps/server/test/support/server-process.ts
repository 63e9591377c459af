// One Earshot server as a real process, for tests that need what app.inject cannot show (a
// signal, several nodes): `startServerProcess({ env })` runs src/main.ts through tsx (or a
// built dist/main.js given as `entry`) on a free port and resolves once /api/health/ready
// answers 200. Used by two-nodes.ts and shutdown.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = createRequire(import.meta.url).resolve('tsx/cli');

export type ServerProcess = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  proc: ChildProcess;
  /** What the process printed (stdout and stderr), its last 256 KB or more. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process ends. */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit; its code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export async function startServerProcess(opts: {
  /** The server's environment (DATA_DIR, DATABASE_URL, NODE_NAME …), over this process's. */
  env: Record<string, string>;
  /** A built server (apps/server/dist/main.js) instead of src/main.ts through tsx. */
  entry?: string;
  startTimeoutMs?: number;
  /** false: only `env` and PATH (a container's environment), not this process's nor the defaults. */
  inheritEnv?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  const args = opts.entry ? [opts.entry] : [TSX, 'src/main.ts'];
  const proc = spawn(process.execPath, args, {
    cwd: SERVER_ROOT,
    env: {
      ...(opts.inheritEnv === false
        ? { PATH: process.env.PATH }
        : { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_CONTENT: '0' }),
      ...opts.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the last 256 KB: a load run at LOG_LEVEL=info logs every request.
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 512 * 1024) out = out.slice(-256 * 1024);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`the server exited with code ${proc.exitCode}:\n${out}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not become ready on ${url}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    proc,
    output: () => out,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}
