import { modulePlugin } from '../../plugins/module-plugin.js';
import { periodicJob } from '../../plugins/periodic-job.js';
import { bundleRoutes } from './bundles/bundle-routes.js';
import { draftsRoutes } from './drafts/drafts-routes.js';
import { guardedStudio } from './access/guard.js';
import { invitationRoutes } from './invitations/invitation-routes.js';
import { registerStudioMedia, studioMediaRoutes } from './media/media-routes.js';
import { pendingMemberRoutes } from './invitations/pending-member-routes.js';
import { previewLinkRoutes } from './previews/preview-link-routes.js';
import { studioRoutes } from './organisations/organisations-routes.js';
import { publicSignRoutes, signPageRoute, studioSignRoutes } from './signs/signs-routes.js';

/** How often expired previews and pool files nobody names are removed, unasked. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * The studio (docs/studio.md): organisations, members and invitations, drafts, publish,
 * versions, previews, import and export (decision 0013) under /api/v1/studio behind its guard
 * (access/guard.ts); the media upload under /api/v1 and the pool's files at /studio-media/. The
 * preview guard, which every answer passes, is registered by app.ts before any module.
 */
export const studioModule = modulePlugin(
  { name: 'studio', dependencies: ['identity', 'jobs'] },
  async (app, s) => {
    // Added first, run last (onClose hooks run last-added first): the timers below stop, then
    // a pool sweep a publish asked for is waited for.
    app.addHook('onClose', async () => {
      await s.poolSweep.idle();
    });
    periodicJob(app, { name: 'preview sweep', everyMs: SWEEP_MS, run: () => s.previews.sweep() });
    periodicJob(app, {
      name: 'media pool sweep',
      everyMs: SWEEP_MS,
      // Its failures are logged by the sweeper (services.ts).
      run: async () => {
        s.poolSweep.soon();
        await s.poolSweep.idle();
      },
    });
    await app.register(studioMediaRoutes(s.studioMedia), { prefix: '/api/v1' });
    await app.register(previewLinkRoutes(s.previews), { prefix: '/api/v1' });
    await app.register(publicSignRoutes(s.signs), { prefix: '/api/v1' });
    await app.register(signPageRoute(s.signs));
    await app.register(
      guardedStudio(
        s.access,
        studioRoutes(s.studio),
        invitationRoutes(s.invitations),
        pendingMemberRoutes(s.pendingMembers),
        draftsRoutes(s.drafts),
        bundleRoutes(s.previews, s.bundles),
        studioSignRoutes(s.signs),
      ),
      { prefix: '/api/v1/studio' },
    );
    await registerStudioMedia(app, s.pool, s.variants, s.bucketVariants);
  },
);
