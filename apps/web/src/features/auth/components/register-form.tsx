import { displayNameGreeting, registerErrors, type AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { signUpWithEmail } from '../api/sign-up';
import { useAuthForm } from '../hooks/use-auth-form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { TextField } from '../../../shared/ui/text-field';
import { EmailField, NewPasswordFields } from './auth-fields';
import styles from './auth.module.css';

/**
 * The Register tab (SPEC §2, §5): e-mail, password, its confirmation and a display name,
 * checked by the core rules; a greeting once the name is long enough. A new account is
 * signed in at once.
 */
export function RegisterForm({
  email,
  onMessage,
}: {
  email: string;
  onMessage: (message: AuthMessage | null) => void;
}) {
  const signedIn = useAuthStore((s) => s.signedIn);
  const form = useAuthForm({ email, password: '', confirm: '', name: '' }, registerErrors);
  const greeting = displayNameGreeting(form.values.name);
  const { busy, onSubmit } = useAuthSubmit(form.check, onMessage, async () => {
    const { user, token } = await signUpWithEmail(form.values);
    signedIn(user, token);
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <EmailField {...form.field('email')} autoComplete="email" />
      <NewPasswordFields
        label="Password"
        password={form.field('password')}
        confirm={form.field('confirm')}
      />
      <TextField
        {...form.field('name')}
        label="Display name"
        autoComplete="nickname"
        note={
          <p className={styles.greeting} role="status">
            {greeting}
          </p>
        }
      />
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Creating your account…' : 'Register'}
      </button>
    </form>
  );
}
