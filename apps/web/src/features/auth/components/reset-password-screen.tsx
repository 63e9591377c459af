import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { newPasswordErrors, type AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { resetPassword } from '../api/reset-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { AuthBanner } from './auth-banner';
import { ResetPasswordLayout } from './reset-password-layout';
import { NewPasswordFields } from './auth-fields';
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
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<AuthMessage | null>(token ? null : EXPIRED);
  const { busy, onSubmit } = useAuthSubmit(form.check, setMessage, async () => {
    // The form is only shown with a token.
    if (!token) return;
    await resetPassword(token, form.values.password);
    setDone(true);
    setMessage(CHANGED);
    // The token is spent: a reload should not offer the form again.
    setParams({}, { replace: true });
    openSignIn('signIn', CHANGED);
  });

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
        <form className={styles.form} noValidate onSubmit={onSubmit}>
          <NewPasswordFields
            label="New password"
            password={form.field('password')}
            confirm={form.field('confirm')}
          />
          <button type="submit" className={styles.submit} disabled={busy}>
            {busy ? 'Saving…' : 'Reset Password'}
          </button>
        </form>
      )}
    </ResetPasswordLayout>
  );
}
