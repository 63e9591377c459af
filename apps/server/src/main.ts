import { ConfigError, readConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateAll } from './migrate-all.js';
import { buildApp } from './app.js';
import { loadDemoIfEmpty } from './content/demo.js';
import { DEMO_CONTENT_DIR, WEB_DIST_DIR } from './paths.js';
import { resolveAuthSecret } from './modules/auth/auth-secret.js';
import { configuredMediaStore, mediaStoreName, why } from './storage/configured-store.js';

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
  try {
    await migrateAll(handle);
  } catch (e) {
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR=${config.dataDir}`;
    console.error(
      `earshot: cannot open the database (${where}): ${(e as Error).message.split('\n')[0]}`,
    );
    process.exit(1);
  }
  const mediaStore = await configuredMediaStore(config);
  try {
    await mediaStore.check();
  } catch (e) {
    console.error(`earshot: cannot reach the media store (${mediaStoreName(config)}): ${why(e)}`);
    process.exit(1);
  }
  if (config.loadDemo) {
    await loadDemoIfEmpty(handle, mediaStore, DEMO_CONTENT_DIR, (m) => console.log(m));
  }
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
  });
  const close = async () => {
    await app.close();
    await handle.db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
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
