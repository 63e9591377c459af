import { authRequest } from './auth-request';

/** better-auth `POST /api/auth/reset-password`: the new password for the mailed token. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await authRequest('reset-password', { token, newPassword });
}
