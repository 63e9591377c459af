import type { ReactNode } from 'react';
import styles from './map-frame.module.css';

/** Class of the full-bleed box a screen's map fills. */
export const mapFrameClass = styles.frame!;

/** The map's box before the map loads (a skeleton), so the map fills it in place. */
export function MapFrame({ children }: { children?: ReactNode }) {
  return <div className={`${styles.frame} ${styles.waiting}`}>{children}</div>;
}
