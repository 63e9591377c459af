import { authRequest } from './auth-request';

/** The app page the reset mail's link leads to (with `?token=`). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** better-auth `POST /api/auth/request-password-reset`: mails a link to the reset page. */
export async function requestPasswordReset(email: string): Promise<void> {
  // A path: the identity service puts it on its own public address, which it trusts.
  await authRequest('request-password-reset', {
    email: email.trim(),
    redirectTo: RESET_PASSWORD_PATH,
  });
}
