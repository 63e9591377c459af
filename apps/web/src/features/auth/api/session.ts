import { authUserSchema } from '@earshot/core';
import type { AuthUser } from '../../../shared/auth/store';
import { AuthError } from './auth-request';

export type Session = { user: AuthUser; token: string };

/**
 * The user and bearer token out of an identity answer: the token from the `set-auth-token`
 * header (the bearer plugin's signed form) or else the body's, the user from the body.
 */
export function sessionFrom(data: unknown, headerToken: string | null): Session {
  const body = (data ?? {}) as { token?: unknown; user?: unknown; session?: { token?: unknown } };
  const token = headerToken ?? body.token ?? body.session?.token;
  const user = authUserSchema.safeParse(body.user);
  if (typeof token !== 'string' || !token || !user.success)
    throw new AuthError(502, 'The sign-in service sent an answer the app does not understand.');
  const { id, name, email } = user.data;
  return { user: { id, name, email }, token };
}
