import { modulePlugin } from '../../plugins/module-plugin.js';
import { catalogueRoutes } from './routes.js';
import { registerSitemaps } from './sitemap.js';

/** The large catalogue's calls under /api/v1, and the sitemaps and robots.txt at the root. */
export const catalogueModule = modulePlugin({ name: 'catalogue' }, async (app, s) => {
  await app.register(catalogueRoutes(s.catalogue), { prefix: '/api/v1' });
  await registerSitemaps(app, {
    repo: s.catalogueRepo,
    version: s.versions.current,
    publicUrl: s.publicUrl,
  });
});
