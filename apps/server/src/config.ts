import path from 'node:path';
import { z } from 'zod';
import { tileSources, tileUrls } from '@earshot/core';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must be a postgres:// URL (leave it unset for the embedded SQLite database)',
    )
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_CONTENT: z.enum(['0', '1']).default('1'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  publicUrl?: string;
  logLevel: string;
  loadDemo: boolean;
  webDist?: string;
  /** CSP sources of the map tile hosts (from the VITE_TILES_* variables the web build reads). */
  tileSources: string[];
};

export class ConfigError extends Error {}

const SECRET = new Set(['DATABASE_URL']);

/** Environment → typed config. A bad value throws one line naming the setting. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // A database URL may hold a password: name the setting, never echo its value.
    const shown = SECRET.has(name) ? '' : `=${JSON.stringify(clean[name])}`;
    throw new ConfigError(`Invalid ${name}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  // npm scripts run inside a workspace folder; a relative DATA_DIR means the caller's folder.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    loadDemo: e.DEMO_CONTENT === '1',
    tileSources: tileSources(Object.values(tileUrls(clean))),
  };
}
