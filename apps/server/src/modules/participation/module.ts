import { modulePlugin } from '../../plugins/module-plugin.js';
import { registerAnswerPhotos } from './routes.js';
import { answersRoutes } from './answers-routes.js';
import { awardsRoutes } from './awards-routes.js';

/**
 * Participation (SPEC §7 visit_poi/, awards, badges' `awarded`, user_answers,
 * correct_answers) under /api/v1, and the photo answers at /static/answers/.
 */
export const participationModule = modulePlugin(
  { name: 'participation', dependencies: ['identity'] },
  async (app, s) => {
    await app.register(
      async (api) => {
        await api.register(awardsRoutes(s.awards));
        await api.register(answersRoutes(s.answers));
      },
      { prefix: '/api/v1' },
    );
    await registerAnswerPhotos(app, s.mediaDir, s.store);
  },
);
