import { markOAuthPending } from '../lib/oauth-pending';
import { AuthError, authRequest } from './auth-request';

/**
 * better-auth `POST /api/auth/sign-in/social` for Google: the answer is the provider's
 * sign-in page, where the browser goes; the provider's callback brings it back to `returnTo`
 * (a path of this app), with `?error=` when it failed. See finishGoogleSignIn.
 */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const { data } = await authRequest<{ url?: unknown }>(
    'sign-in/social',
    {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: returnTo,
      disableRedirect: true,
    },
    { credentials: 'same-origin' },
  );
  if (typeof data?.url !== 'string' || !/^https?:\/\//.test(data.url))
    throw new AuthError(502, 'Google sign-in could not be started. Please try again.');
  markOAuthPending();
  location.assign(data.url);
}
