import type { ReactNode } from 'react';
import { isIncompatible } from '../api/client';
import styles from './empty-state.module.css';

/** A friendly message in place of content: nothing found, an error, a page that is missing. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className={styles.box}>
      {icon && <div className={styles.icon}>{icon}</div>}
      <h2 className={styles.title}>{title}</h2>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}

/**
 * The action of an empty state for a call that failed: Retry, or Reload when its answer was in
 * a form this app cannot read (a newer server: only the new version of the app reads it,
 * shared/api/client.ts). Beside EmptyState so it ships in the entry with it, not as a chunk of
 * its own on every route's first load.
 */
export function RetryButton({
  error,
  retry,
  className,
}: {
  error: unknown;
  retry: () => unknown;
  className: string | undefined;
}) {
  const reload = isIncompatible(error);
  return (
    <button
      type="button"
      className={className}
      onClick={() => (reload ? window.location.reload() : void retry())}
    >
      {reload ? 'Reload' : 'Retry'}
    </button>
  );
}
