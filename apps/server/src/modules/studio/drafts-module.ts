import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/database.js';
import { studioAccess } from './access.js';
import { bundleIo } from './bundle-io.js';
import { bundleRoutes } from './bundle-routes.js';
import { draftsRoutes } from './drafts-routes.js';
import { draftsService } from './drafts-service.js';
import { poolSweeper } from './media-pool-sweep.js';
import { registerPreviewGuard } from './preview-guard.js';
import type { MediaStore } from '../../storage/media-store.js';
import { previewsService } from './previews-service.js';

/** How often expired previews and pool files nobody names are removed, unasked. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * The studio's drafts, publish, versions, previews, import and export (decision 0013), put
 * together for app.ts: `guard` goes on the root instance (after the response cache and auth),
 * `routes` under /api/v1.
 */
export function studioDrafts(
  handle: DbHandle,
  publicUrl: string | undefined,
  /** The media pool's folder (the upload call's: DATA_DIR/studio-media). */
  poolDir: string,
  /** Where media live (app.ts's one store). */
  store: MediaStore,
) {
  let log: Pick<FastifyInstance['log'], 'error'> = console;
  // Pool files no draft or version names go after a publish or restore, and hourly.
  const pool = poolSweeper(handle.db, { store, uploads: path.join(poolDir, '.tmp') }, (e) =>
    log.error({ err: e }, 'media pool sweep failed'),
  );
  const deps = {
    handle,
    store,
    access: studioAccess(handle.db),
    poolChanged: pool.soon,
  };
  const drafts = draftsService(deps);
  const previews = previewsService(deps, drafts, publicUrl);
  const io = bundleIo(deps, drafts);
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(draftsRoutes(drafts));
    await api.register(bundleRoutes(previews, io));
  };
  const guard = (app: FastifyInstance) => {
    registerPreviewGuard(app, previews);
    log = app.log;
    const timer = setInterval(() => {
      previews.sweep().catch((e: unknown) => app.log.error({ err: e }, 'preview sweep failed'));
      pool.soon();
    }, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await pool.idle();
    });
  };
  return { routes, guard, drafts, previews, pool };
}
