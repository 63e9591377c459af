import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './poi-detail-content.module.css';

/**
 * A POI's description is HTML from the guide bundle: DOMPurify keeps its formatting and drops
 * anything that could run (scripts, event handlers, javascript: links).
 */
export function PoiDescription({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  if (!clean.trim()) return <p className={styles.muted}>No description for this stop yet.</p>;
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: clean }} />;
}
