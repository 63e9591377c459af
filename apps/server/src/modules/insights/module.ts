import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { studioAccess } from '../studio/access.js';
import { insightsReportRepository } from './report-repository.js';
import { insightsRepository } from './repository.js';
import { insightsEventRoutes, insightsStudioRoutes } from './routes.js';
import { insightsService } from './service.js';
import { visitTokens } from './visit-token.js';

/** How often old raw events are deleted (and once at start). */
const SWEEP_MS = 60 * 60 * 1000;

export type InsightsOptions = {
  /** INSIGHTS_RETENTION_DAYS: raw events older than this many days are deleted. */
  retentionDays: number;
  /** AUTH_SECRET: visit tokens are signed with a key derived from it (the same on every node). */
  secret?: string;
  now?: () => Date;
  /** How often the sweep runs (default hourly; tests shorten it). */
  sweepMs?: number;
};

/**
 * Insights (issue 20) put together for app.ts: `eventRoutes` (events and visit tokens) under /api/v1, `studioRoutes`
 * inside the studio plugin, `service.answered` for the answers service, `start` the
 * retention timer.
 */
export function insightsModule(db: Db, opts: InsightsOptions) {
  const service = insightsService({
    events: insightsRepository(db),
    reports: insightsReportRepository(db),
    access: studioAccess(db),
    tokens: visitTokens(opts.secret),
    now: opts.now,
  });
  const start = (app: FastifyInstance) => {
    const sweep = () =>
      service
        .sweep(opts.retentionDays)
        .catch((e: unknown) => app.log.error({ err: e }, 'insights retention sweep failed'));
    app.addHook('onReady', async () => {
      await sweep();
    });
    const timer = setInterval(() => void sweep(), opts.sweepMs ?? SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  return {
    service,
    eventRoutes: insightsEventRoutes(service),
    studioRoutes: insightsStudioRoutes(service),
    start,
  };
}
