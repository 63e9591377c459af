import type { ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import styles from './controls.module.css';

type Props = { icon: ReactNode; count: number; label: string; title: string; children: ReactNode };

/**
 * A control showing a count (badges, hunt challenges) that opens a small panel about them.
 * Their own screens come with participation: the panel says what there is and that taking
 * part is coming.
 */
export function CountControl({ icon, count, label, title, children }: Props) {
  return (
    <Popover.Root>
      <Popover.Trigger className={styles.control} aria-label={label}>
        {icon}
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
      </Popover.Trigger>
      <Popover.Content
        className={styles.panel}
        side="left"
        align="start"
        sideOffset={8}
        collisionPadding={8}
        aria-label={title}
      >
        <p className={styles.panelTitle}>{title}</p>
        {children}
        <p className={styles.soon}>Sign in to take part — coming soon.</p>
      </Popover.Content>
    </Popover.Root>
  );
}
