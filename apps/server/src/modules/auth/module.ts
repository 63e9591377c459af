import { modulePlugin } from '../../plugins/module-plugin.js';
import { registerIdentity } from './setup.js';

/**
 * Identity: better-auth at /api/auth/*, the sign-in lockout, and the `currentUser` and
 * `addressCheck` decorators. Not encapsulated: every later route sees them.
 */
export const identityModule = modulePlugin(
  { name: 'identity', dependencies: ['limits'], encapsulate: false },
  async (app, s) => {
    registerIdentity(app, s.identity);
  },
);
