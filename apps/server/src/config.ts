import path from 'node:path';
import { z } from 'zod';
import { INSIGHTS_RETENTION_DAYS_DEFAULT, tileSources, tileUrls } from '@earshot/core';
import type { S3Settings } from './storage/s3-store.js';

export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

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
  // Behind a reverse proxy: how many hops of X-Forwarded-For to believe, or which proxies.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d+|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed)',
    )
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim())))
    .optional(),
  NODE_ENV: z.string().optional(),
  // Scale-out (docs/deploy.md): this node's name in X-Earshot-Node, and how long SIGTERM waits
  // for the requests in flight.
  NODE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(600_000, 'must be at most 600000 (10 minutes)')
    .default(25_000),
  INSIGHTS_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days')
    .default(INSIGHTS_RETENTION_DAYS_DEFAULT),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be a comma-separated list of URLs')))
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')))
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: z.enum(['0', '1', 'true', 'false']).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default(GOOGLE_DISCOVERY_URL),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  TWITTER_CLIENT_ID: z.string().min(1).optional(),
  TWITTER_CLIENT_SECRET: z.string().min(1).optional(),
  // Media in an S3-compatible bucket (docs/scale-out.md §2); unset: media stay in DATA_DIR.
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL of the S3 service')
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('true'),
  S3_PREFIX: z
    .string()
    .regex(/^[\w./-]*$/, 'may hold only letters, digits, ".", "_", "-" and "/"')
    .optional(),
});
type Env = z.infer<typeof envSchema>;

/** Every setting config.ts reads (docs/deploy.md lists them; a test checks deploy/compose.yaml). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  publicUrl?: string;
  logLevel: string;
  /**
   * Fastify's trustProxy: the client address (sign-in lockout, write limits) is read from
   * X-Forwarded-For only through these proxies; unset, the header is ignored (a client cannot
   * pick its own address).
   */
  trustProxy: number | string[] | false;
  loadDemo: boolean;
  webDist?: string;
  /** CSP sources of the map tile hosts (from the VITE_TILES_* variables the web build reads). */
  tileSources: string[];
  /** Raw insights events older than this many days are deleted; the roll-ups stay. */
  insightsRetentionDays: number;
  /** NODE_NAME: answers carry it as X-Earshot-Node (which node of several answered). */
  nodeName?: string;
  /** SHUTDOWN_GRACE_MS: how long SIGTERM/SIGINT waits for requests in flight (default 25 s). */
  shutdownGraceMs: number;
  auth: AuthConfig;
  /** Where media live when S3_* are set (docs/scale-out.md §2); undefined: DATA_DIR. */
  s3?: S3Settings;
};

export type OAuthClient = { clientId: string; clientSecret: string };
export type SmtpConfig = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
};
export type AuthConfig = {
  /** Signs session tokens; when unset outside production one is kept in DATA_DIR (auth-secret.ts). */
  secret?: string;
  /** The address people reach the app at: OAuth callbacks and reset links are made from it. */
  publicUrl: string;
  trustedOrigins: string[];
  /** ADMIN_EMAILS, lower-case: these accounts become studio admins when they sign in. */
  adminEmails?: string[];
  smtp?: SmtpConfig;
  google?: OAuthClient & { discoveryUrl: string };
  facebook?: OAuthClient;
  twitter?: OAuthClient;
};

export class ConfigError extends Error {}

/** Settings whose value is never echoed in an error (they are or may hold secrets). */
const SECRET = new Set([
  'DATABASE_URL',
  'AUTH_SECRET',
  'SMTP_PASS',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'TWITTER_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
]);

/** An OAuth client needs both halves: one without the other is a mistake, not "off". */
function oauthClient(e: Env, name: 'GOOGLE' | 'FACEBOOK' | 'TWITTER'): OAuthClient | undefined {
  const clientId = e[`${name}_CLIENT_ID`];
  const clientSecret = e[`${name}_CLIENT_SECRET`];
  if (!clientId && !clientSecret) return undefined;
  if (!clientId)
    throw new ConfigError(`Invalid ${name}_CLIENT_ID: required with ${name}_CLIENT_SECRET`);
  if (!clientSecret)
    throw new ConfigError(`Invalid ${name}_CLIENT_SECRET: required with ${name}_CLIENT_ID`);
  return { clientId, clientSecret };
}

function authConfig(e: Env): AuthConfig {
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET)
    throw new ConfigError(
      'Invalid AUTH_SECRET: required in production (at least 32 random characters, the same on every node)',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const google = oauthClient(e, 'GOOGLE');
  let smtp: SmtpConfig | undefined;
  if (e.SMTP_HOST) {
    const secure = e.SMTP_SECURE === '1' || e.SMTP_SECURE === 'true';
    if (e.SMTP_USER && !e.SMTP_PASS)
      throw new ConfigError('Invalid SMTP_PASS: required with SMTP_USER');
    smtp = {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      user: e.SMTP_USER,
      pass: e.SMTP_PASS,
      from: e.SMTP_FROM ?? `Earshot <no-reply@${new URL(publicUrl).hostname}>`,
    };
  }
  return {
    secret: e.AUTH_SECRET,
    publicUrl,
    trustedOrigins: e.TRUSTED_ORIGINS ?? [],
    adminEmails: e.ADMIN_EMAILS ?? [],
    smtp,
    google: google && { ...google, discoveryUrl: e.GOOGLE_DISCOVERY_URL },
    facebook: oauthClient(e, 'FACEBOOK'),
    twitter: oauthClient(e, 'TWITTER'),
  };
}

/** S3_ENDPOINT and S3_BUCKET switch media to a bucket; what they need with them is checked here. */
function s3Config(e: Env): S3Settings | undefined {
  const named = (
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  ).filter((k) => e[k] !== undefined);
  if (!named.length) return undefined;
  for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    if (e[k] === undefined)
      throw new ConfigError(`Invalid ${k}: required with ${named.join(', ')}`);
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
    prefix: e.S3_PREFIX ?? '',
  };
}

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
    trustProxy: e.TRUST_PROXY ?? false,
    loadDemo: e.DEMO_CONTENT === '1',
    tileSources: tileSources(Object.values(tileUrls(clean))),
    insightsRetentionDays: e.INSIGHTS_RETENTION_DAYS,
    nodeName: e.NODE_NAME,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    auth: authConfig(e),
    s3: s3Config(e),
  };
}
