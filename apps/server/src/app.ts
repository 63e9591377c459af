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
import { tileSources, tileUrls } from '@earshot/core';
import { registerErrorHandler } from './plugins/errors.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { registerResponseCache } from './plugins/response-cache.js';
import { registerSecurity } from './plugins/security.js';
import { guidePageTitle } from './modules/content/page-title.js';
import { registerPreviewScope } from './modules/content/visibility.js';
import { registerNodeName } from './modules/health/node-name.js';
import { registerDraining } from './modules/health/draining.js';
import { requestLogFields } from './plugins/log-redact.js';
import { registerPreviewGuard } from './modules/studio/previews/preview-guard.js';
import { jobsPlugin } from './plugins/periodic-job.js';
import type { AppOptions } from './app-options.js';
import { buildServices } from './services.js';
import { limitsModule } from './modules/limits/module.js';
import { identityModule } from './modules/auth/module.js';
import { healthModule } from './modules/health/module.js';
import { contentModule } from './modules/content/module.js';
import { catalogueModule } from './modules/catalogue/module.js';
import { trackingModule } from './modules/tracking/module.js';
import { insightsModule } from './modules/insights/module.js';
import { usersModule } from './modules/users/module.js';
import { participationModule } from './modules/participation/module.js';
import { studioModule } from './modules/studio/module.js';
import { resourcesModule } from './modules/resources/module.js';

export type { AppOptions };

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

  // Every repository and service, built once (services.ts, decision 0019).
  const s = buildServices(opts, app.log);

  // What every answer passes through, in this order, on the root (before any module, so that
  // every route sees it).
  if (opts.nodeName) registerNodeName(app, opts.nodeName);
  if (opts.shuttingDown) registerDraining(app, opts.shuttingDown);
  // First of the request hooks: a cached answer goes out before any other hook runs (it
  // carries the headers the other hooks gave its first answer).
  registerResponseCache(app, {
    readVersion: s.versions.current,
    versionCheckMs: opts.versionCheckMs,
  });
  await app.register(jobsPlugin);
  await app.register(limitsModule, s);
  await registerSecurity(app, {
    webDist: opts.webDist,
    tileSources: opts.tileSources ?? tileSources(Object.values(tileUrls({}))),
    writesPerMinute: opts.writesPerMinute,
    store: s.writeLimits,
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

  await app.register(identityModule, s);
  // The ready check asks it whether the bucket answers (docs/scale-out.md §1).
  app.decorate('mediaStore', s.store);
  // Which preview a request may see (its `preview=`), read before the guard and every route.
  registerPreviewScope(app);
  registerPreviewGuard(app, s.previews);

  // The modules: one plugin each, in its own context, taking what it needs from `s`.
  await app.register(healthModule, s);
  await app.register(contentModule, s);
  await app.register(catalogueModule, s);
  await app.register(trackingModule, s);
  await app.register(insightsModule, s);
  await app.register(usersModule, s);
  await app.register(participationModule, s);
  await app.register(studioModule, s);
  await app.register(resourcesModule, s);

  await registerStaticFiles(app, {
    mediaDir: opts.mediaDir,
    variants: s.variants,
    store: s.store,
    storeVariants: s.bucketVariants,
    webDist: opts.webDist,
    guideTitle: guidePageTitle(s.contentRepo),
  });
  return app;
}
