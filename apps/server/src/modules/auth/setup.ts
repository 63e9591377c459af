import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { adminEmailGrants, type AuthProviders } from '@earshot/core';
import type { AuthConfig } from '../../config.js';
import type { DbHandle } from '../../db/database.js';
import { registerAuth } from '../../plugins/auth.js';
import { createAuth, type AuthLog } from './better-auth.js';
import { smtpResetMailer } from './reset-mail.js';
import { smtpVerifyMailer } from './verify-mail.js';
import { signInLockout } from './sign-in-lockout.js';
import type { LimitsRepository } from '../limits/repository.js';
import { rolesRepository } from '../studio/access/roles-repository.js';

/**
 * Mails `email`'s account a link that verifies its address and then leads to `callbackPath` (a
 * path of this server). Throws when the mail server refuses it.
 */
export type AddressCheck = (email: string, callbackPath: string) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when SMTP is: the studio's invitations prove addresses with it; null otherwise. */
    addressCheck: AddressCheck | null;
  }
}

/** Settings for tests and tools that build an app without a config: no mail, no Google. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
type AuthLogLevel = Parameters<AuthLog>[0];
const DEFAULTS: AuthConfig = { publicUrl: DEFAULT_PUBLIC_URL, trustedOrigins: [] };

/**
 * The identity service (better-auth on our database, the sign-in lockout) for the services
 * (services.ts); `registerIdentity` wires it into the app.
 */
export function identity(
  handle: DbHandle,
  settings: Partial<AuthConfig> = {},
  limits: LimitsRepository,
  logger: Pick<FastifyBaseLogger, AuthLogLevel>,
) {
  const config = { ...DEFAULTS, ...settings };
  // Without a configured secret (tests), one per app: its tokens die with it.
  const secret = config.secret ?? randomBytes(32).toString('base64url');
  const log: AuthLog = (level, message) => logger[level]({ source: 'better-auth' }, message);
  const sendResetMail = config.smtp ? smtpResetMailer(config.smtp) : undefined;
  const sendVerifyMail = config.smtp ? smtpVerifyMailer(config.smtp) : undefined;
  const auth = createAuth({
    handle,
    config: { ...config, secret },
    log,
    sendResetMail,
    sendVerifyMail,
    onSession: adminEmailsGrant(handle, config.adminEmails ?? []),
  });
  const addressCheck: AddressCheck | null = sendVerifyMail
    ? async (email, callbackPath) => {
        await auth.api.sendVerificationEmail({ body: { email, callbackURL: callbackPath } });
      }
    : null;
  return {
    auth,
    lockout: signInLockout(limits),
    publicUrl: config.publicUrl,
    resetMail: sendResetMail !== undefined,
    addressCheck,
    /** The sign-in methods on offer, for GET auth_providers. */
    providers: { google: config.google !== undefined } satisfies AuthProviders,
  };
}

export type Identity = ReturnType<typeof identity>;

/**
 * Wires the identity service into the app: better-auth at /api/auth/*, the sign-in lockout,
 * and the currentUser/requireUser/addressCheck decorators.
 */
export function registerIdentity(app: FastifyInstance, id: Identity): void {
  app.decorate('addressCheck', id.addressCheck);
  registerAuth(app, {
    auth: id.auth,
    lockout: id.lockout,
    publicUrl: id.publicUrl,
    resetMail: id.resetMail,
  });
}

/**
 * ADMIN_EMAILS: an account with one of these addresses is made admin each time it gets a
 * session (it registers or signs in, by password or a provider) or verifies its address, only
 * once the address is verified (core adminEmailGrants): anyone may register an unverified one.
 * Taking an address off the list does not take the role back: `npm run admin -- revoke` does.
 */
function adminEmailsGrant(handle: DbHandle, emails: readonly string[]) {
  if (!emails.length) return undefined;
  const roles = rolesRepository(handle.db);
  return async (userId: string) => {
    const account = await roles.accountOf(userId);
    if (account && adminEmailGrants(emails, account)) await roles.grantAdmin(userId);
  };
}
