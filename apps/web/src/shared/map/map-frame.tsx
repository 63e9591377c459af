import type { ReactNode } from 'react';
import { adoptShellElement } from '../lib/shell-handover';
import styles from './map-frame.module.css';

/** Class of the full-bleed box a screen's map fills. */
export const mapFrameClass = styles.frame!;

/**
 * The map's box before the map loads (a skeleton), so the map fills it in place. `shellPart`:
 * the id of a part of the page's shell drawn in this box, kept on screen meanwhile.
 */
export function MapFrame({ children, shellPart }: { children?: ReactNode; shellPart?: string }) {
  return (
    <div
      className={`${styles.frame} ${styles.waiting}`}
      ref={shellPart ? (el) => adoptShellElement(shellPart, el) : undefined}
    >
      {children}
    </div>
  );
}
