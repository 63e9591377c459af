// Two Earshot server PROCESSES on one PostgreSQL behind the alternating proxy, for the API
// tests (test/two-nodes.test.ts) and the bench's two-node load run:
//
//   const pair = await startTwoNodes({ databaseUrl });   // a postgres:// URL (required)
//   await fetch(`${pair.url}/api/v1/tours`);              // through the proxy: node-a, node-b …
//   pair.nodes[0].url                                     // one node directly
//   await pair.stop();                                    // SIGTERM both, close the proxy
//
// Both nodes get the same PUBLIC_URL (the proxy's address), AUTH_SECRET, DATA_DIR (media on one shared folder, as a shared
// volume; with S3_* in `env` they use the bucket), TRUST_PROXY=1 (they read the client address
// from X-Forwarded-For, which the proxy passes through) and NODE_NAME `node-a` / `node-b`
// (sent back as X-Earshot-Node). They start at the same time: migrations and the demo load
// take turns under the start lock (src/db/start-lock.ts).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startAlternatingProxy, type AlternatingProxy } from './alternating-proxy.js';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';

export type Node = ServerProcess & { name: string };

export type TwoNodes = {
  /** The proxy's address: request n goes to node n mod 2. */
  url: string;
  proxy: AlternatingProxy;
  nodes: [Node, Node];
  /** The DATA_DIR both nodes share. */
  dataDir: string;
  databaseUrl: string;
  /** SIGTERM to both nodes (graceful), then the proxy closes; a temp DATA_DIR is removed. */
  stop: () => Promise<void>;
};

export type TwoNodesOptions = {
  /** The PostgreSQL both nodes use (postgres:// URL). */
  databaseUrl: string;
  /** A shared DATA_DIR; by default a temp folder, removed by stop(). */
  dataDir?: string;
  /** The built server (apps/server/dist/main.js) instead of src/main.ts through tsx. */
  entry?: string;
  /** More environment for both nodes (DEMO_CONTENT, ADMIN_EMAILS, S3_* …); DEMO_CONTENT is 0 unless set. */
  env?: Record<string, string>;
  names?: [string, string];
};

export async function startTwoNodes(opts: TwoNodesOptions): Promise<TwoNodes> {
  if (!/^postgres(ql)?:\/\//.test(opts.databaseUrl))
    throw new Error('startTwoNodes: databaseUrl must be a postgres:// URL');
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'earshot-two-nodes-')));
  const names = opts.names ?? ['node-a', 'node-b'];
  // The proxy's port is chosen first: both nodes are reached at its address (PUBLIC_URL, which
  // better-auth checks Origin against).
  const proxyPort = await freePort();
  const shared = {
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
    ...opts.env,
  };
  const started = await Promise.allSettled(
    names.map((name) =>
      startServerProcess({ entry: opts.entry, env: { ...shared, NODE_NAME: name } }),
    ),
  );
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(up.map((s) => s.stop('SIGKILL')));
    if (ownDir) await rm(dataDir, { recursive: true, force: true });
    throw (failed as PromiseRejectedResult).reason;
  }
  const nodes = up.map((s, i) => Object.assign(s, { name: names[i]! })) as [Node, Node];
  const proxy = await startAlternatingProxy(
    nodes.map((s) => s.url),
    { port: proxyPort },
  );
  return {
    url: proxy.url,
    proxy,
    nodes,
    dataDir,
    databaseUrl: opts.databaseUrl,
    stop: async () => {
      await Promise.all(nodes.map((s) => s.stop('SIGTERM')));
      await proxy.close();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
