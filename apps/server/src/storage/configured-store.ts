import type { Config } from '../config.js';
import { diskMediaStore } from './disk-store.js';
import type { MediaStore } from './media-store.js';
import { s3MediaStore } from './s3-store.js';

/**
 * The media store the settings name: the bucket of S3_*, else the disk under DATA_DIR. The S3
 * store (and the AWS SDK with it) is loaded only when a bucket is configured.
 */
export async function configuredMediaStore(
  config: Pick<Config, 's3' | 'dataDir'>,
): Promise<MediaStore> {
  if (!config.s3) return diskMediaStore(config.dataDir);
  return s3MediaStore(config.s3);
}

/** Where media live, for log lines (never a credential). */
export const mediaStoreName = (config: Pick<Config, 's3' | 'dataDir'>): string =>
  config.s3
    ? `S3_BUCKET=${config.s3.bucket} at S3_ENDPOINT=${config.s3.endpoint}`
    : `DATA_DIR=${config.dataDir}`;
