import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthProviders } from '@earshot/core';
import type { AuthConfig } from '../../config.js';
import type { DbHandle } from '../../db/database.js';
import { registerAuth } from '../../plugins/auth.js';
import { createAuth, type AuthLog } from './better-auth.js';
import { smtpResetMailer } from './reset-mail.js';
import { signInLockout } from './sign-in-lockout.js';

/** Settings for tests and tools that build an app without a config: no mail, no Google. */
const DEFAULTS: AuthConfig = { publicUrl: 'http://localhost:3000', trustedOrigins: [] };

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
  const auth = createAuth({ handle, config: { ...config, secret }, log, sendResetMail });
  registerAuth(app, {
    auth,
    lockout: signInLockout(),
    publicUrl: config.publicUrl,
    resetMail: sendResetMail !== undefined,
  });
  return { google: config.google !== undefined };
}
