import { authRequest } from './auth-request';
import { sessionFrom, type Session } from './session';

/**
 * better-auth `GET /api/auth/get-session` with the browser's cookies: after Google's
 * callback the session exists only as a cookie; its token (the `set-auth-token` header, or
 * the session's own) becomes the bearer token the API reads. Null when there is no session.
 */
export async function getCookieSession(): Promise<Session | null> {
  const { data, token } = await authRequest('get-session', undefined, {
    method: 'GET',
    credentials: 'same-origin',
  });
  return data ? sessionFrom(data, token) : null;
}
