import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { INSIGHTS_RETENTION_DAYS_DEFAULT, tileSources, tileUrls } from '@earshot/core';
import type { DbHandle } from './db/database.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { registerResponseCache } from './plugins/response-cache.js';
import { registerSecurity } from './plugins/security.js';
import { guidePageTitle } from './modules/content/page-title.js';
import { contentVersionRepository } from './modules/content/version-repository.js';
import { contentRepository } from './modules/content/repository.js';
import { contentService } from './modules/content/service.js';
import { contentRoutes } from './modules/content/routes.js';
import { registerPreviewScope } from './modules/content/visibility.js';
import { catalogueRepository } from './modules/catalogue/repository.js';
import { catalogueService } from './modules/catalogue/service.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { registerSitemaps } from './modules/catalogue/sitemap.js';
import { resourceRegistry } from './modules/resources/registry.js';
import { resourceRoutes } from './modules/resources/routes.js';
import { trackingRoutes } from './modules/tracking/routes.js';
import { trackingRepository } from './modules/tracking/repository.js';
import { resourceRepository } from './modules/resources/repository.js';
import { healthRoutes, type ReadyCheck } from './modules/health/routes.js';
import { registerNodeName } from './modules/health/node-name.js';
import { registerDraining } from './modules/health/draining.js';
import { userRoutes } from './modules/users/routes.js';
import { participation, registerAnswerPhotos } from './modules/participation/routes.js';
import { usersRepository } from './modules/users/repository.js';
import { usersService } from './modules/users/service.js';
import { DEFAULT_PUBLIC_URL, setupIdentity } from './modules/auth/setup.js';
import { studioPlugin } from './modules/studio/plugin.js';
import { studioDrafts } from './modules/studio/drafts-module.js';
import { requestLogFields } from './plugins/log-redact.js';
import { imageVariants } from './modules/media/image-variants.js';
import { studioAccess } from './modules/studio/access.js';
import { mediaPool, studioMediaDir } from './modules/studio/media-pool.js';
import { studioMediaService } from './modules/studio/media-service.js';
import { registerStudioMedia, studioMediaRoutes } from './modules/studio/media-routes.js';
import { insightsModule } from './modules/insights/module.js';
import { limitsModule } from './modules/limits/module.js';
import { writeLimitStore } from './modules/limits/write-limit-store.js';
import type { AuthConfig } from './config.js';
import type { MediaStore } from './storage/media-store.js';
import { storeVariants } from './storage/store-variants.js';

export type AppOptions = {
  handle: DbHandle;
  mediaDir: string;
  webDist?: string;
  logLevel?: string;
  /** Proxies whose X-Forwarded-For gives the client address (config.ts TRUST_PROXY). */
  trustProxy?: number | string[] | false;
  /** How long a node trusts the content version it last read (ms); see response-cache.ts. */
  versionCheckMs?: number;
  /** CSP sources of the map tile hosts; by default those of the default tile layers. */
  tileSources?: string[];
  /** Writes one address may make per minute (default 120). */
  writesPerMinute?: number;
  /** Identity settings (config.ts); tests leave them out: no mail, no Google, a fresh secret. */
  auth?: Partial<AuthConfig>;
  /** INSIGHTS_RETENTION_DAYS: raw insights events older than this are deleted (default 90). */
  insightsRetentionDays?: number;
  /** The clock of insights (which event days are accepted, retention); tests move it. */
  insightsNow?: () => Date;
  /** How often old raw insights events are deleted (default hourly). */
  insightsSweepMs?: number;
  /** Where media live (S3_* settings: a bucket, else the disk under DATA_DIR): built once by the caller. */
  mediaStore: MediaStore;
  /** Where the log goes (default stdout); tests read it to prove secrets stay out. */
  logStream?: { write(line: string): void };
  /** NODE_NAME: sent as `X-Earshot-Node` on every answer (several nodes behind one proxy). */
  nodeName?: string;
  /** True once the node shuts down: /api/health/ready answers 503 (main.ts, shutdown.ts). */
  shuttingDown?: () => boolean;
  /** More for /api/health/ready to check (object storage when configured). */
  readyChecks?: ReadyCheck[];
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // A hop count reads as "trust the nearest n proxies" (Fastify's types take it as a function).
    trustProxy:
      typeof opts.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (opts.trustProxy as number)
        : (opts.trustProxy ?? false),
    logger:
      opts.logLevel && opts.logLevel !== 'silent'
        ? {
            level: opts.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Reset links and OAuth codes travel in URLs: the log shows them redacted.
            serializers: { req: requestLogFields },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          }
        : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // While closing, a request that still comes on an open connection is served (and its
    // connection closed after it), not refused: /api/health/ready tells the balancer to stop.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);

  // API JSON above 1 KB is compressed on the fly; the built app is precompressed on disk and
  // media (audio, images) are not compressible types, so byte ranges keep working.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  if (opts.nodeName) registerNodeName(app, opts.nodeName);
  if (opts.shuttingDown) registerDraining(app, opts.shuttingDown);
  // First of the request hooks: a cached answer goes out before any other hook runs (it
  // carries the headers the other hooks gave its first answer).
  const versions = contentVersionRepository(opts.handle.db);
  registerResponseCache(app, {
    readVersion: versions.current,
    versionCheckMs: opts.versionCheckMs,
  });

  const limits = limitsModule(opts.handle.db);
  limits.start(app);
  await registerSecurity(app, {
    webDist: opts.webDist,
    tileSources: opts.tileSources ?? tileSources(Object.values(tileUrls({}))),
    writesPerMinute: opts.writesPerMinute,
    store: writeLimitStore(limits.repository),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Earshot API',
        version: '1',
        description: 'Guides, POIs, badges and scavenger hunts (SPEC §7).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { db, dialect } = opts.handle;
  const repo = contentRepository(db);
  const content = contentService(repo);
  const catalogue = catalogueService(catalogueRepository(db, dialect), content.summaries);

  const authProviders = setupIdentity(app, opts.handle, opts.auth);
  const insights = insightsModule(db, {
    retentionDays: opts.insightsRetentionDays ?? INSIGHTS_RETENTION_DAYS_DEFAULT,
    secret: opts.auth?.secret,
    now: opts.insightsNow,
    sweepMs: opts.insightsSweepMs,
  });
  insights.start(app);
  const store = opts.mediaStore;
  // The ready check asks it whether the bucket answers (docs/scale-out.md §1).
  app.decorate('mediaStore', store);
  const bucketVariants = store.kind === 'disk' ? undefined : storeVariants(store);
  const participating = participation(db, repo, store, {
    onAnswered: insights.service.answered,
    logError: (e) => app.log.error({ err: e }, 'insights: recording an answer failed'),
  });
  // Right-sized pictures of imported guides and of the studio's pool, made in one place.
  const variants = imageVariants(path.join(opts.mediaDir, 'variants'));
  const pool = mediaPool(studioMediaDir(opts.mediaDir), store);
  // Drafts name the pool's files: publish, import and export use the uploads' folder.
  const studio = studioDrafts(opts.handle, opts.auth?.publicUrl, pool.dir, store);
  // Which preview a request may see (its `preview=`), read before the guard and every route.
  registerPreviewScope(app);
  studio.guard(app);
  await app.register(
    healthRoutes({
      db,
      dialect,
      shuttingDown: opts.shuttingDown,
      // Object storage is part of being ready: a node that cannot reach it serves no media.
      readyChecks: [
        ...(store.kind === 'disk' ? [] : [{ name: 'media store', check: () => store.check() }]),
        ...(opts.readyChecks ?? []),
      ],
    }),
  );
  await app.register(
    async (api) => {
      await api.register(contentRoutes(content, repo, catalogue));
      await api.register(catalogueRoutes(catalogue));
      await api.register(trackingRoutes(trackingRepository(db)));
      await api.register(insights.eventRoutes);
      await api.register(userRoutes(usersService(usersRepository(db), store), authProviders));
      await api.register(participating.routes);
      await api.register(studioMediaRoutes(studioMediaService(studioAccess(db), pool)));
      await api.register(
        studioPlugin({
          db,
          publicUrl: opts.auth?.publicUrl ?? DEFAULT_PUBLIC_URL,
          smtp: opts.auth?.smtp,
          parts: [studio.routes, insights.studioRoutes],
        }),
        { prefix: '/studio' },
      );
      await api.register(
        resourceRoutes(
          resourceRegistry(resourceRepository(db), repo, content, participating.awards.badgesFor),
        ),
      );
    },
    { prefix: '/api/v1' },
  );
  await registerSitemaps(app, {
    repo: catalogueRepository(db, dialect),
    version: versions.current,
    publicUrl: opts.auth?.publicUrl ?? DEFAULT_PUBLIC_URL,
  });
  await registerAnswerPhotos(app, opts.mediaDir, store);
  await registerStudioMedia(app, pool, variants, bucketVariants);
  await registerStaticFiles(app, {
    mediaDir: opts.mediaDir,
    variants,
    store,
    storeVariants: bucketVariants,
    webDist: opts.webDist,
    guideTitle: guidePageTitle(repo),
  });
  return app;
}
