import { modulePlugin } from '../../plugins/module-plugin.js';
import { periodicJob } from '../../plugins/periodic-job.js';
import { guardedStudio } from '../studio/access/guard.js';
import { insightsEventRoutes, insightsStudioRoutes } from './routes.js';

/** How often old raw events are deleted (and once at start). */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * Insights (docs/insights.md): events and visit tokens under /api/v1, the reports under
 * /api/v1/studio behind the studio's guard, and the retention sweep (INSIGHTS_RETENTION_DAYS).
 * The answers service tells `services.insights` of each answer.
 */
export const insightsModule = modulePlugin(
  { name: 'insights', dependencies: ['identity', 'jobs'] },
  async (app, s) => {
    periodicJob(app, {
      name: 'insights retention sweep',
      everyMs: s.insightsSweepMs ?? SWEEP_MS,
      atStart: true,
      run: async () => {
        await s.insights.sweep(s.insightsRetentionDays);
      },
    });
    await app.register(insightsEventRoutes(s.insights), { prefix: '/api/v1' });
    await app.register(guardedStudio(s.access, insightsStudioRoutes(s.insights)), {
      prefix: '/api/v1/studio',
    });
  },
);
