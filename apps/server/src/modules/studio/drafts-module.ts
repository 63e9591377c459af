import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/database.js';
import { studioAccess } from './access.js';
import { draftsRoutes } from './drafts-routes.js';
import { draftsService } from './drafts-service.js';
import { poolDirOf } from './media-pool-files.js';

/**
 * The studio's drafts, publish, versions, previews, import and export (decision 0013), put
 * together for app.ts: `routes` go under /api/v1.
 */
export function studioDrafts(handle: DbHandle, mediaDir: string) {
  const deps = { handle, mediaDir, poolDir: poolDirOf(mediaDir), access: studioAccess(handle.db) };
  const drafts = draftsService(deps);
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(draftsRoutes(drafts));
  };
  return { routes, drafts };
}
