import { useState, type FormEvent } from 'react';
import { displayNameGreeting, registerErrors, type AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { signUpWithEmail } from '../api/sign-up';
import { useAuthForm } from '../hooks/use-auth-form';
import { TextField } from './text-field';
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
  const [busy, setBusy] = useState(false);
  const greeting = displayNameGreeting(form.values.name);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !form.check(e.currentTarget)) return;
    setBusy(true);
    onMessage(null);
    try {
      const { user, token } = await signUpWithEmail(form.values);
      signedIn(user, token);
    } catch (err) {
      onMessage({ text: (err as Error).message, status: 'error' });
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        {...form.field('confirm')}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
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
