import sharp from 'sharp';
import { ConfigError, readConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateAll } from './migrate-all.js';
import { buildApp } from './app.js';
import { loadDemoIfEmpty } from './bundles/demo.js';
import { DEMO_CONTENT_DIR, WEB_DIST_DIR } from './paths.js';
import { resolveAuthSecret } from './modules/auth/auth-secret.js';
import { gracefulShutdown } from './shutdown.js';
import { withStartLock } from './db/start-lock.js';
import { configuredMediaStore, mediaStoreName, why } from './storage/configured-store.js';

// libvips' operation cache (50 MB by default) keeps decoded photo answers that never come
// again (each is stored once, as are picture variants): off, the server's memory stays ~55 MB
// lower under the load bench's photo answers and stops climbing towards that bound.
sharp.cache(false);

async function main() {
  let config: Config;
  try {
    config = readConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`earshot: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mediaStore = await configuredMediaStore(config);
  try {
    await mediaStore.check();
  } catch (e) {
    console.error(`earshot: cannot reach the media store (${mediaStoreName(config)}): ${why(e)}`);
    process.exit(1);
  }
  let started = false;
  try {
    // Nodes started together on one PostgreSQL take turns (db/start-lock.ts).
    await withStartLock(handle, async () => {
      await migrateAll(handle);
      started = true;
      if (config.loadDemo) {
        await loadDemoIfEmpty(handle, mediaStore, DEMO_CONTENT_DIR, (m) => console.log(m));
      }
    });
  } catch (e) {
    // A failing demo import is a bug to see whole; a database that cannot be opened is one line.
    if (started) throw e;
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR=${config.dataDir}`;
    console.error(
      `earshot: cannot open the database (${where}): ${(e as Error).message.split('\n')[0]}`,
    );
    process.exit(1);
  }
  const shutdown = gracefulShutdown({
    graceMs: config.shutdownGraceMs,
    log: (line) => console.log(line),
    exit: (code) => process.exit(code),
  });
  const app = await buildApp({
    handle,
    mediaDir: config.mediaDir,
    mediaStore,
    webDist: WEB_DIST_DIR,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    tileSources: config.tileSources,
    insightsRetentionDays: config.insightsRetentionDays,
    auth: { ...config.auth, secret: resolveAuthSecret(config.auth.secret, config.dataDir) },
    nodeName: config.nodeName,
    shuttingDown: shutdown.shuttingDown,
  });
  shutdown.attach(app, handle);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      shutdown.run(signal).catch((e: unknown) => {
        console.error(`earshot: shutdown failed: ${(e as Error).message}`);
        process.exit(1);
      });
    });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    console.error(
      `earshot: cannot listen on ${config.host}:${config.port} (PORT/HOST): ${(e as Error).message}`,
    );
    process.exit(1);
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Earshot is running at http://${shown}:${config.port}`);
}

void main();
