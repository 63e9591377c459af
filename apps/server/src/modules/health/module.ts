import { modulePlugin } from '../../plugins/module-plugin.js';
import { healthRoutes } from './routes.js';

/** /api/health/live and /api/health/ready (docs/scale-out.md §1). */
export const healthModule = modulePlugin({ name: 'health' }, async (app, s) => {
  await app.register(
    healthRoutes({
      db: s.handle.db,
      dialect: s.handle.dialect,
      shuttingDown: s.shuttingDown,
      readyChecks: s.readyChecks,
    }),
  );
});
