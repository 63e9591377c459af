import type { ReactNode, Ref } from 'react';
import styles from './downloads-layout.module.css';

/**
 * The frame of the Downloaded guides screen: heading, intro and the line saying what the
 * downloads take. The skeleton (the server's page shell) and the screen both draw it, and the
 * line keeps its height until it is known, so nothing moves when the list arrives.
 */
export function DownloadsLayout({
  total,
  headingRef,
  children,
}: {
  total?: string;
  /** The heading takes the focus when the guide the focus was on is deleted. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          Downloaded guides
        </h1>
        <p className={styles.sub}>Guides saved on this device play without a connection.</p>
        <p className={styles.total}>{total || '\u00a0'}</p>
      </div>
      {children}
    </div>
  );
}
