import path from 'node:path';
import { ConfigError, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateAll } from './migrate-all.js';
import { importBundle } from './bundles/bundle-import.js';
import { exportBundle } from './bundles/bundle-export.js';
import { BundleError } from './bundles/bundle-error.js';
import {
  REVIEW_USAGE,
  reviewCommand,
  reviewRequest,
} from './modules/participation/review-command.js';
import { ADMIN_USAGE, adminCommand, adminRequest } from './modules/studio/access/admin-command.js';
import { configuredMediaStore } from './storage/configured-store.js';
import { copyMediaToBucket } from './storage/copy-to-bucket.js';
import { diskMediaStore } from './storage/disk-store.js';

const usage = `Usage:
  npm run import -- <bundle folder or .zip> [more …]
  npm run export -- <guide token> <output folder>
  npm run media:to-s3 -w @earshot/server   (copies DATA_DIR's media to the S3_* bucket)
${REVIEW_USAGE}
${ADMIN_USAGE}`;
const REVIEW = new Set(['answers-to-review', 'review-answer']);

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (command && REVIEW.has(command)) {
    const request = reviewRequest(command, args);
    if (!request) {
      console.error(usage);
      return 2;
    }
    const config = readConfig();
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateAll(handle);
      return await reviewCommand(handle.db, request, console);
    } finally {
      await handle.db.destroy();
    }
  }
  if (command === 'admin') {
    const request = adminRequest(args);
    if (!request) {
      console.error(usage);
      return 2;
    }
    const config = readConfig();
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateAll(handle);
      return await adminCommand(handle.db, request, console);
    } finally {
      await handle.db.destroy();
    }
  }
  if (command === 'media-to-s3') {
    const config = readConfig();
    if (!config.s3) {
      console.error('earshot: media-to-s3 needs S3_ENDPOINT, S3_BUCKET and credentials set');
      return 2;
    }
    const done = await copyMediaToBucket(
      diskMediaStore(config.dataDir),
      await configuredMediaStore(config),
      console,
    );
    return done.failed ? 1 : 0;
  }
  if ((command !== 'import' && command !== 'export') || args.length === 0) {
    console.error(usage);
    return 2;
  }
  const config = readConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = await configuredMediaStore(config);
  try {
    await migrateAll(handle);
    if (command === 'import') {
      let failed = 0;
      for (const source of args) {
        try {
          const r = await importBundle(
            handle,
            store,
            path.resolve(process.env.INIT_CWD ?? '.', source),
          );
          console.log(
            `${r.created ? 'Imported' : 'Updated'} ${r.token}: ${r.pois} POIs, ${r.media} media files (guide id ${r.guideId})`,
          );
        } catch (e) {
          if (!(e instanceof BundleError)) throw e;
          failed++;
          console.error(`Refused ${source}: nothing was written.\n  ${e.errors.join('\n  ')}`);
        }
      }
      return failed ? 1 : 0;
    }
    const [token, out] = args;
    if (!token || !out) {
      console.error(usage);
      return 2;
    }
    const dir = path.resolve(process.env.INIT_CWD ?? '.', out);
    const warn = (problems: string[]) =>
      console.warn(
        `${token} would not import as it is: fix guide.json, then import it.\n  ${problems.join('\n  ')}`,
      );
    if (!(await exportBundle(handle, store, token, dir, warn))) {
      console.error(`No guide with token "${token}"`);
      return 1;
    }
    console.log(`Exported ${token} to ${dir}`);
    return 0;
  } finally {
    await handle.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? `earshot: ${e.message}` : e);
    process.exit(1);
  },
);
