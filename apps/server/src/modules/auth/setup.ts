import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthProviders } from '@earshot/core';
import type { AuthConfig } from '../../config.js';
import type { DbHandle } from '../../db/database.js';
import { registerAuth } from '../../plugins/auth.js';
import { createAuth, type AuthLog } from './better-auth.js';
import { smtpResetMailer } from './reset-mail.js';
import { signInLockout } from './sign-in-lockout.js';
import { limitsRepository } from '../limits/repository.js';
import { rolesRepository } from '../studio/roles-repository.js';

/** Settings for tests and tools that build an app without a config: no mail, no Google. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
const DEFAULTS: AuthConfig = { publicUrl: DEFAULT_PUBLIC_URL, trustedOrigins: [] };

/**
 * Wires the identity service into the app: better-auth on our database at /api/auth/*, the
 * sign-in lockout, and the currentUser/requireUser decorators. Returns the sign-in methods on
 * offer for GET auth_providers.
 */
export function setupIdentity(
  app: FastifyInstance,
  handle: DbHandle,
  settings: Partial<AuthConfig> = {},
): AuthProviders {
  const config = { ...DEFAULTS, ...settings };
  // Without a configured secret (tests), one per app: its tokens die with it.
  const secret = config.secret ?? randomBytes(32).toString('base64url');
  const log: AuthLog = (level, message) => app.log[level]({ source: 'better-auth' }, message);
  const sendResetMail = config.smtp ? smtpResetMailer(config.smtp) : undefined;
  const auth = createAuth({
    handle,
    config: { ...config, secret },
    log,
    sendResetMail,
    onSession: adminEmailsGrant(handle, config.adminEmails ?? []),
  });
  registerAuth(app, {
    auth,
    lockout: signInLockout(limitsRepository(handle.db)),
    publicUrl: config.publicUrl,
    resetMail: sendResetMail !== undefined,
  });
  return { google: config.google !== undefined };
}

/**
 * ADMIN_EMAILS: an account with one of these addresses is made admin each time it gets a
 * session (it registers or signs in, by password or a provider). Taking an address off the list
 * does not take the role back: `npm run admin -- revoke <email>` does.
 */
function adminEmailsGrant(handle: DbHandle, emails: readonly string[]) {
  if (!emails.length) return undefined;
  const listed = new Set(emails.map((e) => e.toLowerCase()));
  const roles = rolesRepository(handle.db);
  return async (userId: string) => {
    const email = await roles.emailOf(userId);
    if (email && listed.has(email.toLowerCase())) await roles.grantAdmin(userId);
  };
}
