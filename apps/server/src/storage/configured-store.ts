import type { Config } from '../config.js';
import { diskMediaStore } from './disk-store.js';
import type { MediaStore } from './media-store.js';
import { s3MediaStore } from './s3-store.js';

/** The media store the settings name: the bucket of S3_*, else the disk under DATA_DIR. */
export const configuredMediaStore = (config: Pick<Config, 's3' | 'dataDir'>): MediaStore =>
  config.s3 ? s3MediaStore(config.s3) : diskMediaStore(config.dataDir);

/** Where media live, for log lines (never a credential). */
export const mediaStoreName = (config: Pick<Config, 's3' | 'dataDir'>): string =>
  config.s3
    ? `S3_BUCKET=${config.s3.bucket} at S3_ENDPOINT=${config.s3.endpoint}`
    : `DATA_DIR=${config.dataDir}`;
