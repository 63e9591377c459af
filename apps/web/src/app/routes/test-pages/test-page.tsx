import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../shared/lib/page-title';
import styles from './test-page.module.css';

/** The frame of a test page (SPEC §2): its heading, what it shows, and the way back home. */
export function TestPage({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  /** The full width of the app's column (a list of cards), not a reading column. */
  wide?: boolean;
}) {
  usePageTitle(title);
  return (
    <article className={styles.page} data-wide={wide || undefined}>
      <Link className={styles.back} to="/">
        <span aria-hidden="true">←</span> All guides
      </Link>
      <p className={styles.kicker}>Test page</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
    </article>
  );
}
