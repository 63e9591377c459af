import { authRequest } from './auth-request';
import { sessionFrom, type Session } from './session';

/** better-auth `POST /api/auth/sign-in/email`. */
export async function signInWithEmail(email: string, password: string): Promise<Session> {
  const { data, token } = await authRequest('sign-in/email', { email: email.trim(), password });
  return sessionFrom(data, token);
}
