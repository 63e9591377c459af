import type { FastifyInstance } from 'fastify';
import { SIGN_IN_LOCKOUT } from '@earshot/core';
import type { Db } from '../../db/database.js';
import { limitsRepository } from './repository.js';

/** How often ended write windows and old sign-in failures are deleted (and once at start). */
const SWEEP_MS = 5 * 60 * 1000;
const LONGEST_LOCKOUT_MS = Math.max(...Object.values(SIGN_IN_LOCKOUT).map((r) => r.windowMs));

/**
 * The shared limits put together for app.ts: the repository the write-limit store and the
 * sign-in lockout count in, and `start`, the sweep of rows that no longer count. Every node
 * sweeps; a delete of what is already gone does nothing.
 */
export function limitsModule(db: Db, opts: { sweepMs?: number; now?: () => number } = {}) {
  const repository = limitsRepository(db);
  const now = opts.now ?? Date.now;
  const start = (app: FastifyInstance) => {
    const sweep = () =>
      repository
        .sweep(now(), LONGEST_LOCKOUT_MS)
        .catch((e: unknown) => app.log.error({ err: e }, 'shared limits: the sweep failed'));
    app.addHook('onReady', async () => {
      await sweep();
    });
    const timer = setInterval(() => void sweep(), opts.sweepMs ?? SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  return { repository, start };
}
