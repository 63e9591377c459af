import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { DbHandle } from '../../db/database.js';
import type { AuthConfig } from '../../config.js';
import { passwordHashing } from './password-hashing.js';
import type { ResetMailer } from './reset-mail.js';
import { VERIFY_LINK_SECONDS, type VerifyMailer } from './verify-mail.js';

/** The client address header our bridge sets (plugins/auth.ts), replacing any a caller sent. */
export const CLIENT_IP_HEADER = 'x-earshot-client-ip';
export const RESET_PAGE = '/reset-password';
/** The passwords better-auth accepts (the bridge hashes a sign-up's beforehand only in these). */
export const PASSWORD_LENGTH = { min: 8, max: 128 };

// better-auth swallows a failure of the reset mail (it answers alike whether the address has
// an account); the bridge runs the reset call inside `watchResetMail` to say it failed.
const resetMailState = new AsyncLocalStorage<{ failed: boolean }>();
export async function watchResetMail<T>(call: () => Promise<T>): Promise<[T, boolean]> {
  const state = { failed: false };
  const result = await resetMailState.run(state, call);
  return [result, state.failed];
}

const snake = (...fields: string[]) =>
  Object.fromEntries(fields.map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]));

/**
 * Where better-auth keeps its rows: our Kysely database, in snake_case tables like the rest of
 * the schema. `users` is the table of migration 0001 reshaped by 0004 (docs/decisions/0008),
 * so answers, awards and subscriptions keep their foreign keys to it.
 */
export function authStorageOptions(handle: DbHandle) {
  return {
    database: { db: handle.db, type: handle.dialect, transaction: true },
    user: { modelName: 'users', fields: snake('emailVerified', 'createdAt', 'updatedAt') },
    session: {
      modelName: 'sessions',
      fields: snake('expiresAt', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent', 'userId'),
    },
    account: {
      modelName: 'accounts',
      fields: snake(
        'accountId',
        'providerId',
        'userId',
        'accessToken',
        'refreshToken',
        'idToken',
        'accessTokenExpiresAt',
        'refreshTokenExpiresAt',
        'createdAt',
        'updatedAt',
      ),
    },
    verification: {
      modelName: 'verifications',
      fields: snake('expiresAt', 'createdAt', 'updatedAt'),
    },
    telemetry: { enabled: false },
  } satisfies BetterAuthOptions;
}

/** Creates better-auth's tables (sessions, accounts, verifications) when missing, from code. */
export async function migrateAuthTables(handle: DbHandle): Promise<void> {
  const { runMigrations } = await getMigrations({
    ...authStorageOptions(handle),
    logger: { level: 'error' },
  });
  await runMigrations();
}

export type AuthLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export type AuthDeps = {
  handle: DbHandle;
  config: AuthConfig & { secret: string };
  log: AuthLog;
  /** Absent when SMTP is not configured: the reset call then answers 503 (plugins/auth.ts). */
  sendResetMail?: ResetMailer;
  /**
   * Absent when SMTP is not configured: then no link that verifies an address is ever made
   * (better-auth's send-verification-email answers 400), and addresses stay unverified.
   */
  sendVerifyMail?: VerifyMailer;
  /**
   * Called with the user of every new session (sign-up, sign-in) and of every address just
   * verified: ADMIN_EMAILS (setup.ts).
   */
  onSession?: (userId: string) => Promise<void>;
};

export function createAuth({
  handle,
  config,
  log,
  sendResetMail,
  sendVerifyMail,
  onSession,
}: AuthDeps) {
  const { google, facebook, twitter } = config;
  return betterAuth({
    ...authStorageOptions(handle),
    appName: 'Earshot',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      // better-auth's scrypt and format; a bounded number at once (password-hashing.ts).
      password: passwordHashing,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        if (!sendResetMail) return;
        const link = `${config.publicUrl}${RESET_PAGE}?token=${encodeURIComponent(token)}`;
        try {
          await sendResetMail({ email: user.email, name: user.name }, link);
        } catch (e) {
          log('error', `password reset mail not sent: ${(e as Error).message}`);
          const state = resetMailState.getStore();
          if (state) state.failed = true;
        }
      },
    },
    // Proving an address (docs/studio.md Roles): a signed link, bound to the account and its
    // address, mailed on request only (never at sign-up), that signs nobody in.
    emailVerification: {
      ...(sendVerifyMail
        ? {
            sendVerificationEmail: async ({ user, url }) =>
              sendVerifyMail({ email: user.email, name: user.name }, url),
          }
        : {}),
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
      ...(onSession ? { afterEmailVerification: async (user) => onSession(user.id) } : {}),
    },
    ...(onSession
      ? {
          databaseHooks: {
            session: { create: { after: async (session) => onSession(session.userId) } },
          },
        }
      : {}),
    socialProviders: {
      ...(facebook ? { facebook } : {}),
      ...(twitter ? { twitter } : {}),
    },
    plugins: [
      bearer(),
      // Google by OpenID Connect discovery, so the issuer can be any OpenID provider (tests run
      // a local one); the provider id stays "google" for the web's button.
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                },
              ],
            }),
          ]
        : []),
    ],
    // Sign-in failures are limited by our own per-account and per-address lockout (SPEC §8
    // wording) and writes by the app's per-address limit; better-auth's limiter would answer
    // its own 429 text first.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns its Origin (CSRF) check off under NODE_ENV=test; tests run what
      // production runs.
      disableOriginCheck: false,
    },
    // Only the message: better-auth's extra arguments may hold request bodies or tokens.
    logger: {
      level: 'warn',
      log: (level, message) => log(level, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
