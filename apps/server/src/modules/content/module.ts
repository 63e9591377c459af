import { modulePlugin } from '../../plugins/module-plugin.js';
import { contentRoutes } from './routes.js';

/** Guides, POIs and their media descriptions under /api/v1 (SPEC §7), content-cached. */
export const contentModule = modulePlugin({ name: 'content' }, async (app, s) => {
  await app.register(contentRoutes(s.content, s.contentRepo, s.catalogue), { prefix: '/api/v1' });
});
