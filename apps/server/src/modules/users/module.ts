import { modulePlugin } from '../../plugins/module-plugin.js';
import { userRoutes } from './routes.js';

/** The signed-in user's calls under /api/v1, and the sign-in methods on offer. */
export const usersModule = modulePlugin(
  { name: 'users', dependencies: ['identity'] },
  async (app, s) => {
    await app.register(userRoutes(s.users, s.identity.providers), { prefix: '/api/v1' });
  },
);
