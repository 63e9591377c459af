import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/database.js';

export type ShutdownOptions = {
  /** SHUTDOWN_GRACE_MS: how long the requests in flight may take to finish. */
  graceMs: number;
  log: (line: string) => void;
  exit: (code: number) => void;
};

/**
 * Graceful shutdown on SIGTERM/SIGINT (docs/scale-out.md, docs/deploy.md): the node says it is
 * not ready (GET /api/health/ready → 503), stops accepting connections, lets the requests in
 * flight finish — cut off after `graceMs` — closes the database and exits 0. Made before the
 * app (whose ready check reads `shuttingDown`), attached to it once built.
 */
export function gracefulShutdown(opts: ShutdownOptions) {
  let closing = false;
  let target: { app: FastifyInstance; handle: DbHandle } | undefined;
  return {
    shuttingDown: () => closing,
    attach(app: FastifyInstance, handle: DbHandle) {
      target = { app, handle };
    },
    async run(signal: string): Promise<void> {
      // A second signal while closing changes nothing: the grace period bounds the wait.
      if (closing || !target) return;
      closing = true;
      const { app, handle } = target;
      opts.log(
        `earshot: ${signal}: not ready; finishing the requests in flight (at most ${opts.graceMs} ms)`,
      );
      // A kept-alive connection whose answer went out before the signal would wait for its
      // keep-alive timeout: connections are closed as soon as they have nothing in flight.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      const cutOff = setTimeout(() => {
        opts.log('earshot: the grace period is over: closing the connections still open');
        app.server.closeAllConnections();
      }, opts.graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cutOff);
        clearInterval(idle);
      }
      await handle.db.destroy();
      opts.log('earshot: stopped');
      opts.exit(0);
    },
  };
}
