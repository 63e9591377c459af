import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from '../../../shared/auth/store';
import { getCookieSession } from '../api/get-session';

/** How the identity service names a failed OAuth sign-in in the `error` it adds to the URL. */
const failure = (code: string) =>
  `Google sign-in did not complete (${code.replace(/_/g, ' ').toLowerCase()}). Please try again.`;

/**
 * Back from Google (see lib/oauth-pending): takes the `?error=` the identity service adds on
 * failure out of the URL and shows it in the dialog, or reads the new session's token and
 * signs in.
 */
export function GoogleReturn() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.signedIn);
  const openSignIn = useAuthStore((s) => s.openSignIn);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const error = params.get('error');
    if (error !== null) {
      params.delete('error');
      params.delete('error_description');
      const rest = params.toString();
      void navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
      openSignIn('signIn', { text: failure(error), status: 'error' });
      return;
    }
    // No session and no error: the visitor came back without finishing (the browser's Back
    // from the provider's page), which needs no message.
    getCookieSession().then(
      (session) => session && signedIn(session.user, session.token),
      (err: Error) => openSignIn('signIn', { text: err.message, status: 'error' }),
    );
    // Once, for the page the provider brought the visitor back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
