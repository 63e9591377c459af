import type { AuthConfig } from './config.js';
import type { DbHandle } from './db/database.js';
import type { ReadyCheck } from './modules/health/routes.js';
import type { MediaStore } from './storage/media-store.js';

/** What `buildApp` (app.ts) and the services (services.ts) are built from. */
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
