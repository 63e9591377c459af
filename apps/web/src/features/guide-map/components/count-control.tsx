import type { ReactNode } from 'react';
import styles from './controls.module.css';

type Props = {
  icon: ReactNode;
  /** What the small badge on the control shows (a number, or "answered/total"). */
  count: ReactNode;
  label: string;
  title: string;
  onClick: () => void;
  /** The control opens a dialog (the badges overlay). */
  opensDialog?: boolean;
};

/** A map control showing a count (SPEC §2 badges control) that opens its screen. */
export function CountControl({ icon, count, label, title, onClick, opensDialog }: Props) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-label={label}
      title={title}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      onClick={onClick}
    >
      {icon}
      <span className={styles.count} aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
