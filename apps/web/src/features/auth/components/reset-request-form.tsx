import { resetEmailError, type AuthMessage } from '@earshot/core';
import { requestPasswordReset } from '../api/request-password-reset';
import { useAuthForm } from '../hooks/use-auth-form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { EmailField } from './auth-fields';
import styles from './auth.module.css';

/**
 * The hidden reset tab (SPEC §2): a valid e-mail (SPEC §5), then 'Send Reset Email'. Once
 * sent, `onSent` takes the visitor back to the tab they came from.
 */
export function ResetRequestForm({
  headingId,
  email,
  onEmail,
  onSent,
  onBack,
  onMessage,
}: {
  headingId: string;
  email: string;
  onEmail: (email: string) => void;
  onSent: () => void;
  onBack: () => void;
  onMessage: (message: AuthMessage | null) => void;
}) {
  const form = useAuthForm({ email }, (v) => {
    const error = resetEmailError(v.email);
    return error ? { email: error } : {};
  });
  const { busy, onSubmit } = useAuthSubmit(form.check, onMessage, async () => {
    await requestPasswordReset(form.values.email);
    onSent();
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <h3 id={headingId} className={styles.heading}>
        Forgot your password?
      </h3>
      <p className={styles.intro}>
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <EmailField {...form.field('email')} autoComplete="username" onEmail={onEmail} />
      <div className={styles.row}>
        <button type="button" className={styles.back} onClick={onBack}>
          Back
        </button>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Sending…' : 'Send Reset Email'}
        </button>
      </div>
    </form>
  );
}
