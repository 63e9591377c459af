import path from 'node:path';
import { INSIGHTS_RETENTION_DAYS_DEFAULT } from '@earshot/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from './app-options.js';
import { DEFAULT_PUBLIC_URL, identity } from './modules/auth/setup.js';
import { catalogueRepository } from './modules/catalogue/repository.js';
import { catalogueService } from './modules/catalogue/service.js';
import { contentRepository } from './modules/content/repository.js';
import { contentService } from './modules/content/service.js';
import { contentVersionRepository } from './modules/content/version-repository.js';
import type { ReadyCheck } from './modules/health/routes.js';
import { insightsReportRepository } from './modules/insights/report-repository.js';
import { insightsRepository } from './modules/insights/repository.js';
import { insightsService } from './modules/insights/service.js';
import { visitTokens } from './modules/insights/visit-token.js';
import { limitsRepository } from './modules/limits/repository.js';
import { writeLimitStore } from './modules/limits/write-limit-store.js';
import { imageVariants } from './modules/media/image-variants.js';
import { answersRepository } from './modules/participation/answers-repository.js';
import { answersService } from './modules/participation/answers-service.js';
import { awardsRepository } from './modules/participation/awards-repository.js';
import { awardsService } from './modules/participation/awards-service.js';
import { resourceRegistry } from './modules/resources/registry.js';
import { resourceRepository } from './modules/resources/repository.js';
import { studioAccess } from './modules/studio/access/access.js';
import { bundleIo } from './modules/studio/bundles/bundle-io.js';
import { draftsService } from './modules/studio/drafts/drafts-service.js';
import { studioGuidesRepository } from './modules/studio/organisations/guides-repository.js';
import { invitationsRepository } from './modules/studio/invitations/invitations-repository.js';
import { invitationsService } from './modules/studio/invitations/invitations-service.js';
import { smtpInviteMailer } from './modules/studio/invitations/invite-mail.js';
import { mediaPool, studioMediaDir } from './modules/studio/media/media-pool.js';
import { poolSweeper } from './modules/studio/media/media-pool-sweep.js';
import { studioMediaService } from './modules/studio/media/media-service.js';
import { organisationsRepository } from './modules/studio/organisations/organisations-repository.js';
import { pendingMembersService } from './modules/studio/invitations/pending-members-service.js';
import { previewsService } from './modules/studio/previews/previews-service.js';
import { signsService } from './modules/studio/signs/signs-service.js';
import { studioService } from './modules/studio/organisations/organisations-service.js';
import { trackingRepository } from './modules/tracking/repository.js';
import { usersRepository } from './modules/users/repository.js';
import { usersService } from './modules/users/service.js';
import { storeVariants } from './storage/store-variants.js';

/**
 * The composition root (decision 0019): every repository and service of the server, each
 * built once from the database handle and the app's options. The modules' plugins take what
 * they need from it; nothing else constructs a service.
 */
export function buildServices(opts: AppOptions, log: FastifyBaseLogger) {
  const { handle } = opts;
  const { db, dialect } = handle;
  const publicUrl = opts.auth?.publicUrl ?? DEFAULT_PUBLIC_URL;
  // Where media live: a bucket when configured (S3_*), the disk under DATA_DIR otherwise.
  const store = opts.mediaStore;

  const versions = contentVersionRepository(db);
  const limits = limitsRepository(db);
  const contentRepo = contentRepository(db);
  const content = contentService(contentRepo);
  const catalogueRepo = catalogueRepository(db, dialect);
  const catalogue = catalogueService(catalogueRepo, content.summaries);
  const tracking = trackingRepository(db);
  // The one check every studio call makes (docs/studio.md, Roles).
  const access = studioAccess(db);
  const auth = identity(handle, opts.auth, limits, log);

  const insights = insightsService({
    events: insightsRepository(db),
    reports: insightsReportRepository(db),
    access,
    tokens: visitTokens(opts.auth?.secret),
    now: opts.insightsNow,
  });

  const awards = awardsService({ awards: awardsRepository(db), content: contentRepo, tracking });
  const answers = answersService({
    answers: answersRepository(db),
    store,
    onAnswered: insights.answered,
    logError: (e) => log.error({ err: e }, 'insights: recording an answer failed'),
  });

  // Right-sized pictures of imported guides and of the studio's pool, made in one place.
  const variants = imageVariants(path.join(opts.mediaDir, 'variants'));
  const bucketVariants = store.kind === 'disk' ? undefined : storeVariants(store);
  const pool = mediaPool(studioMediaDir(opts.mediaDir), store);
  // Pool files no draft or version names go after a publish or restore, and hourly.
  const poolSweep = poolSweeper(db, { store, uploads: path.join(pool.dir, '.tmp') }, (e) =>
    log.error({ err: e }, 'media pool sweep failed'),
  );
  // Drafts name the pool's files: publish, import and export use the uploads' folder.
  const studioDeps = { handle, store, access, poolChanged: poolSweep.soon };
  const drafts = draftsService(studioDeps);
  const previews = previewsService(studioDeps, drafts, publicUrl);
  const organisations = organisationsRepository(db);
  const invitationRows = invitationsRepository(db);

  return {
    handle,
    store,
    publicUrl,
    /** The content version stamp (response cache, sitemaps). */
    versions,
    limits,
    writeLimits: writeLimitStore(limits),
    identity: auth,
    contentRepo,
    content,
    catalogueRepo,
    catalogue,
    tracking,
    users: usersService(usersRepository(db), store),
    access,
    insights,
    insightsRetentionDays: opts.insightsRetentionDays ?? INSIGHTS_RETENTION_DAYS_DEFAULT,
    insightsSweepMs: opts.insightsSweepMs,
    awards,
    answers,
    resources: resourceRegistry(resourceRepository(db), contentRepo, content, awards.badgesFor),
    variants,
    bucketVariants,
    pool,
    poolSweep,
    studioMedia: studioMediaService(access, pool),
    drafts,
    previews,
    bundles: bundleIo(studioDeps, drafts),
    signs: signsService(studioDeps, drafts, publicUrl),
    studio: studioService({
      access,
      organisations,
      guides: studioGuidesRepository(db),
      waiting: invitationRows.waitingFor,
    }),
    invitations: invitationsService({
      access,
      organisations,
      invitations: invitationRows,
      publicUrl,
      mailer: opts.auth?.smtp ? smtpInviteMailer(opts.auth.smtp) : undefined,
      // Set when SMTP is (auth/setup.ts).
      addressCheck: auth.addressCheck ?? undefined,
      log,
    }),
    pendingMembers: pendingMembersService({ access, organisations, invitations: invitationRows }),
    /** What /api/health/ready checks besides the database. */
    readyChecks: [
      // Object storage is part of being ready: a node that cannot reach it serves no media.
      ...(store.kind === 'disk' ? [] : [{ name: 'media store', check: () => store.check() }]),
      ...(opts.readyChecks ?? []),
    ] satisfies ReadyCheck[],
    shuttingDown: opts.shuttingDown,
    mediaDir: opts.mediaDir,
    webDist: opts.webDist,
  };
}

export type Services = ReturnType<typeof buildServices>;
