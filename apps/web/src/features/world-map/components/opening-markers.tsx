import { SHELL_MAP_MARKERS } from '../../../shared/lib/shell-handover';
import { pin } from './pin';
import styles from './world-map.module.css';

/**
 * The world map's first markers in the page's HTML (a large catalogue; docs/scale-out.md §3):
 * drawn at build time with markers that the server fills in (apps/server app-shell.ts) from
 * the opening clusters (core openingMarkers), where the map then draws its own. Never shipped
 * to the browser: the app keeps the page's element until its map has drawn
 * (shared/lib/shell-handover.ts).
 */
export function OpeningMarkers({ children }: { children: React.ReactNode }) {
  return (
    <div id={SHELL_MAP_MARKERS} className={styles.opening} aria-hidden="true">
      {children}
    </div>
  );
}

/** One marker, `x` and `y` its offset from the map's middle: a disc with a count, or a pin. */
export function OpeningMarker({
  x,
  y,
  count,
  single,
}: {
  x: number | string;
  y: number | string;
  count: number | string;
  single: boolean;
}) {
  const style = { left: `calc(50% + ${x}px)`, top: `calc(50% + ${y}px)` };
  return single ? (
    <div
      className={`${styles.openingMarker} ${styles.marker}`}
      style={style}
      dangerouslySetInnerHTML={{ __html: pin('') }}
    />
  ) : (
    <div className={`${styles.openingMarker} ${styles.cluster}`} style={style}>
      <span>{count}</span>
    </div>
  );
}
