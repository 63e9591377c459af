import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { newPasswordErrors, type AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { resetPassword } from '../api/reset-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthBanner } from './auth-banner';
import { ResetPasswordLayout } from './reset-password-layout';
import { TextField } from './text-field';
import styles from './auth.module.css';

const EXPIRED: AuthMessage = {
  text: 'This password reset link is not valid any more. Ask for a new one.',
  status: 'error',
};
const CHANGED: AuthMessage = {
  text: 'Your password has been changed. Sign in with your new password.',
  status: 'info',
};

/**
 * `/reset-password?token=…`, where the reset mail's link leads: a new password, confirmed,
 * set with the mailed token; then the sign-in dialog opens on Sign In. The identity service
 * sends `?error=INVALID_TOKEN` instead of a token when the link has expired.
 */
export function ResetPasswordScreen() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const openSignIn = useAuthStore((s) => s.openSignIn);
  const form = useAuthForm({ password: '', confirm: '' }, newPasswordErrors);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<AuthMessage | null>(token ? null : EXPIRED);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!token || busy || !form.check(e.currentTarget)) return;
    setBusy(true);
    setMessage(null);
    try {
      await resetPassword(token, form.values.password);
      setDone(true);
      setMessage(CHANGED);
      // The token is spent: a reload should not offer the form again.
      setParams({}, { replace: true });
      openSignIn('signIn', CHANGED);
    } catch (err) {
      setMessage({ text: (err as Error).message, status: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResetPasswordLayout>
      <AuthBanner message={message} />
      {done || !token ? (
        <button
          type="button"
          className={styles.submit}
          onClick={() => (done ? openSignIn('signIn') : openSignIn('reset'))}
        >
          {done ? 'Sign In' : 'Send a new link'}
        </button>
      ) : (
        <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            {...form.field('password')}
            label="New password"
            type="password"
            autoComplete="new-password"
          />
          <TextField
            {...form.field('confirm')}
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className={styles.submit} disabled={busy}>
            {busy ? 'Saving…' : 'Reset Password'}
          </button>
        </form>
      )}
    </ResetPasswordLayout>
  );
}
