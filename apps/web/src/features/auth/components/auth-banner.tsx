import type { AuthMessage } from '@earshot/core';
import styles from './auth.module.css';

/**
 * The auth message (SPEC §8): red for an error, amber for a warning, green for info. Errors
 * and warnings are announced at once; info politely.
 */
export function AuthBanner({ message }: { message: AuthMessage | null }) {
  if (!message) return null;
  return (
    <p
      className={styles.banner}
      data-status={message.status}
      role={message.status === 'info' ? 'status' : 'alert'}
    >
      <svg className={styles.bannerIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="10" stroke="none" />
        <path
          d={message.status === 'info' ? 'M5.5 10.5l3 3 6-7' : 'M10 5v6M10 14.5v.5'}
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      <span>{message.text}</span>
    </p>
  );
}
