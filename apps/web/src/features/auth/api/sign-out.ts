import { AuthError, authRequest } from './auth-request';

/**
 * better-auth `POST /api/auth/sign-out` with the session's token. Resolves when the session
 * is over on the server: signed out now, or already unknown there (a 4xx: expired, or ended
 * elsewhere), in which case the local token is worth nothing either. Throws when the server
 * could not be asked (offline, 5xx): the session may still be alive.
 */
export async function signOut(token: string): Promise<void> {
  try {
    await authRequest('sign-out', {}, { token });
  } catch (e) {
    if (e instanceof AuthError && e.status >= 400 && e.status < 500) return;
    throw e;
  }
}
