// deploy/compose.yaml's layout with this machine's programs instead of its images
// (deploy-layout.test.ts): the PostgreSQL database given, s3rver for MinIO (its bucket made as
// the `minio-bucket` service makes it), one built server process per app node of the compose
// file with that node's environment exactly — only addresses, paths and the store's keys
// changed — and Debian's `caddy` running deploy/Caddyfile itself, pointed at the nodes through
// the file's {$…} placeholders.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, nodeEnvironment, nodeServices } from './compose.js';
import { startS3, type TestS3 } from './s3-server.js';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';

export type LayoutNode = ServerProcess & { name: string; env: Record<string, string> };

export type DeployLayout = {
  /** Caddy's address: what visitors open (PUBLIC_URL of every node). */
  url: string;
  port: number;
  nodes: LayoutNode[];
  /** The compose file's environment of each node, `${…}` resolved, before any change. */
  composeEnv: Record<string, Record<string, string>>;
  s3: TestS3;
  caddyOutput: () => string;
  stop: () => Promise<void>;
};

export const caddyVersion = () => {
  const r = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
};

/** `npm run build` at the root: the web app and the server, as the image's build stage does. */
export function buildAll() {
  // Not Vitest's NODE_ENV=test: Vite would build the server-side render with React's dev JSX.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const r = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
}

export async function startDeployLayout(databaseUrl: string): Promise<DeployLayout> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-layout-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const shell = { AUTH_SECRET: randomBytes(32).toString('base64'), PUBLIC_URL: url };
  const composeEnv = Object.fromEntries(
    nodeServices.map(([name]) => [name, nodeEnvironment(name, shell)]),
  );
  // The bucket the compose file's minio-bucket service makes, under the nodes' S3_BUCKET.
  const s3 = await startS3(Object.values(composeEnv)[0]!.S3_BUCKET);
  const nodes: LayoutNode[] = [];
  let caddy: ChildProcess | undefined;
  let caddyOut = '';
  const stop = async () => {
    if (caddy && caddy.exitCode === null) {
      const done = new Promise((r) => caddy!.once('exit', r));
      caddy.kill('SIGTERM');
      await done;
    }
    await Promise.all(nodes.map((n) => n.stop('SIGTERM')));
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // Started together, as compose starts them: the first migrates and loads the demo.
    const started = await Promise.all(
      Object.entries(composeEnv).map(async ([name, env]) => {
        // DATA_DIR: one folder for both, as compose's `data` volume is mounted on each.
        const changed = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data'), ...s3.env };
        const nodeEnv = { ...env, ...changed, HOST: '127.0.0.1' };
        const proc = await startServerProcess({
          entry: path.join(REPO_ROOT, 'apps/server/dist/main.js'),
          env: nodeEnv,
          inheritEnv: false,
          startTimeoutMs: 180_000,
        });
        return Object.assign(proc, { name, env: nodeEnv });
      }),
    );
    nodes.push(...started);
    const adminPort = await freePort();
    caddy = spawn(
      'caddy',
      ['run', '--config', path.join(REPO_ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
      {
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          XDG_CONFIG_HOME: path.join(dir, 'caddy-config'),
          XDG_DATA_HOME: path.join(dir, 'caddy-data'),
          CADDY_ADMIN: `127.0.0.1:${adminPort}`,
          PROXY_PORT: String(port),
          NODE_A: `127.0.0.1:${nodes[0]!.port}`,
          NODE_B: `127.0.0.1:${nodes[1]!.port}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const keep = (d: Buffer) => {
      caddyOut = (caddyOut + d.toString()).slice(-256 * 1024);
    };
    caddy.stdout!.on('data', keep);
    caddy.stderr!.on('data', keep);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyOut}`);
      const ok = await fetch(`${url}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`caddy did not answer on ${url}:\n${caddyOut}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, nodes, composeEnv, s3, caddyOutput: () => caddyOut, stop };
}
