import type { DraftStatus } from '@earshot/core';
import { STATUS_LABEL } from '../lib/format';
import styles from './studio.module.css';

/** A guide's status as a coloured pill (its text says it: colour is not the only sign). */
export function StatusBadge({ status }: { status: DraftStatus }) {
  return (
    <span className={styles.badge} data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  );
}
