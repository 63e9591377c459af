import { signInErrors, type AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { signInWithEmail } from '../api/sign-in';
import { useAuthForm } from '../hooks/use-auth-form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { GoogleButton } from './google-button';
import { TextField } from '../../../shared/ui/text-field';
import { EmailField } from './auth-fields';
import styles from './auth.module.css';

/**
 * The Sign In tab (SPEC §2): e-mail and password, 'forgot password?', Google, and the way to
 * Register. Failures show the provider's message, or the lockout text on a 429 (SPEC §8).
 */
export function SignInForm({
  email,
  onEmail,
  onForgot,
  onRegister,
  onMessage,
}: {
  /** Shared with the reset tab, so a forgotten password needs no second typing. */
  email: string;
  onEmail: (email: string) => void;
  onForgot: () => void;
  onRegister: () => void;
  onMessage: (message: AuthMessage | null) => void;
}) {
  const signedIn = useAuthStore((s) => s.signedIn);
  const form = useAuthForm({ email, password: '' }, signInErrors, { onBlur: false });
  const { busy, onSubmit } = useAuthSubmit(form.check, onMessage, async () => {
    const { user, token } = await signInWithEmail(form.values.email, form.values.password);
    signedIn(user, token);
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <EmailField {...form.field('email')} autoComplete="username" onEmail={onEmail} />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      {/* After the password in the focus order, as people look for it. */}
      <p className={styles.forgot}>
        <button type="button" className={styles.inlineLink} onClick={onForgot}>
          forgot password?
        </button>
      </p>
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign In'}
      </button>
      <p className={styles.or}>or</p>
      <GoogleButton onMessage={onMessage} />
      <p className={styles.switch}>
        Don&apos;t have an account yet?{' '}
        <button type="button" className={styles.inlineLink} onClick={onRegister}>
          Register.
        </button>
      </p>
    </form>
  );
}
