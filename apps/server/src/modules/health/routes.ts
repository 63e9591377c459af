import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  healthSchema,
  liveSchema,
  notReadySchema,
  readySchema,
  type NotReady,
} from '@earshot/core';
import type { Db } from '../../db/database.js';
import { migrations, type Dialect } from '../../db/migrations.js';
import { healthRepository } from './repository.js';

/** Something else this node needs to serve (object storage when configured): throws if not. */
export type ReadyCheck = { name: string; check: () => Promise<void> };

export type HealthOptions = {
  db: Db;
  dialect: Dialect;
  /** True once the node has begun to shut down (main.ts, on SIGTERM/SIGINT). */
  shuttingDown?: () => boolean;
  readyChecks?: readonly ReadyCheck[];
  /** How long a check may take before the node counts as not ready (default 3 s). */
  checkTimeoutMs?: number;
};

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0]!;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health (the ready check of SPEC/ARCHITECTURE, as before), /api/health/live and
 * /api/health/ready (docs/scale-out.md): what a load balancer needs to send traffic to the
 * nodes that can serve it, and stop before one goes away.
 */
export function healthRoutes(opts: HealthOptions) {
  const repo = healthRepository(opts.db);
  const expected = Object.keys(migrations(opts.dialect));
  const timeoutMs = opts.checkTimeoutMs ?? 3000;

  /** Why this node should not get traffic now, or null when it should. */
  async function notReady(): Promise<string | null> {
    if (opts.shuttingDown?.()) return 'shutting down';
    try {
      const applied = new Set(await within(timeoutMs, repo.appliedMigrations()));
      const missing = expected.filter((m) => !applied.has(m));
      if (missing.length) return `migrations: not applied: ${missing.join(', ')}`;
    } catch (e) {
      return `database: ${firstLine(e)}`;
    }
    for (const { name, check } of opts.readyChecks ?? []) {
      try {
        await within(timeoutMs, check());
      } catch (e) {
        return `${name}: ${firstLine(e)}`;
      }
    }
    return null;
  }

  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/health',
      { schema: { summary: 'Ready check', tags: ['health'], response: { 200: healthSchema } } },
      async () => {
        await repo.ping();
        return { status: 'ok' as const, database: opts.dialect };
      },
    );
    app.get(
      '/api/health/live',
      {
        schema: {
          summary: 'Liveness: the process is up (touches nothing)',
          tags: ['health'],
          response: { 200: liveSchema },
        },
      },
      async () => ({ status: 'live' as const }),
    );
    app.get(
      '/api/health/ready',
      {
        schema: {
          summary: 'Readiness: whether this node should get traffic',
          description:
            '200 when the database answers with every migration applied and object storage (when configured) is reachable; 503 with the reason otherwise, and while the node shuts down.',
          tags: ['health'],
          response: { 200: readySchema, 503: notReadySchema },
        },
      },
      async (_req, reply) => {
        const reason = await notReady();
        // Never kept by a cache between the balancer and the node.
        reply.header('cache-control', 'no-store');
        if (reason === null) return { status: 'ready' as const };
        const body: NotReady = { status: 'not ready', reason };
        return reply.code(503).send(body);
      },
    );
  };
}
