import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../src/plugins/auth.js';

export type SignedUp = {
  token: string;
  user: AuthUser;
  /** Spread into `app.inject({ headers })` to call the API as this user. */
  headers: { authorization: string };
};

export const TEST_PASSWORD = 'correct horse battery staple';

/** A unique e-mail address for one test user. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID()}@example.test`;

/** The bearer headers of a session token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Registers a user through better-auth's real sign-up call (e-mail and password) and returns the
 * session token it hands out in `set-auth-token`, as a signed-in web client would keep it.
 */
export async function signUp(
  app: FastifyInstance,
  opts: { email?: string; password?: string; name?: string } = {},
): Promise<SignedUp> {
  const email = opts.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: opts.password ?? TEST_PASSWORD, name: opts.name ?? 'Test User' },
  });
  const token = res.headers['set-auth-token'];
  if (res.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`sign-up of ${email} answered ${res.statusCode}: ${res.body}`);
  }
  const body = res.json<{ user: AuthUser }>();
  return {
    token,
    user: { id: body.user.id, name: body.user.name, email: body.user.email },
    headers: bearer(token),
  };
}

/** Signs in with e-mail and password; the raw answer (status, body, `set-auth-token`). */
export function signIn(app: FastifyInstance, email: string, password: string, ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}
