// The load section's third setup: two server processes of this build on one PostgreSQL behind
// the alternating proxy (request n to node n mod 2), the harness the API tests use
// (apps/server/test/support/two-nodes.ts), each node's memory sampled on its own.
import path from 'node:path';
import { startTwoNodes } from '../apps/server/test/support/two-nodes.js';
import type { Target } from './load-run.js';
import { snapshotPath } from './server.js';

export async function twoNodes(opts: {
  databaseUrl: string;
  dataDir: string;
  env: Record<string, string>;
}): Promise<Target> {
  const pair = await startTwoNodes({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir,
    entry: path.join(snapshotPath(), 'apps/server/dist/main.js'),
    env: { DEMO_CONTENT: '1', ...opts.env },
  });
  return {
    url: pair.url,
    procs: pair.nodes.map((n) => ({ label: n.name, pid: n.proc.pid! })),
    stop: pair.stop,
  };
}
