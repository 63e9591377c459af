import { authRequest } from './auth-request';
import { sessionFrom, type Session } from './session';

/** better-auth `POST /api/auth/sign-up/email`: `name` is the display name (SPEC §2 Register). */
export async function signUpWithEmail(form: {
  email: string;
  password: string;
  name: string;
}): Promise<Session> {
  const { data, token } = await authRequest('sign-up/email', {
    email: form.email.trim(),
    password: form.password,
    name: form.name.trim(),
  });
  return sessionFrom(data, token);
}
