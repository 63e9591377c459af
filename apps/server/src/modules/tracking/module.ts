import { modulePlugin } from '../../plugins/module-plugin.js';
import { trackingRoutes } from './routes.js';

/** POI plays and views and list-view events under /api/v1. */
export const trackingModule = modulePlugin({ name: 'tracking' }, async (app, s) => {
  await app.register(trackingRoutes(s.tracking), { prefix: '/api/v1' });
});
