import type { ReactNode } from 'react';
import styles from './reset-password.module.css';

/**
 * The frame of the reset-password page: heading and intro. The skeleton (the server's page
 * shell) and the screen both draw it, so nothing moves when the form arrives.
 */
export function ResetPasswordLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Reset password</h1>
      <p className={styles.sub}>Choose a new password for your Earshot account.</p>
      <div className={styles.card}>{children}</div>
    </div>
  );
}
