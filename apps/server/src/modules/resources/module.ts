import { modulePlugin } from '../../plugins/module-plugin.js';
import { resourceRoutes } from './routes.js';

/** GET {resource} and {resource}/{id}/ under /api/v1, one documented route per resource. */
export const resourcesModule = modulePlugin(
  { name: 'resources', dependencies: ['identity'] },
  async (app, s) => {
    await app.register(resourceRoutes(s.resources), { prefix: '/api/v1' });
  },
);
