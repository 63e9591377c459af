import { SHELL_MAP_MARKERS } from '../../../shared/lib/shell-handover';
import { pin } from './pin';
import styles from './world-map.module.css';

/** The world's width at the opening zoom (256 px tiles at zoom 1). */
const LAND_PX = 512;

/**
 * The world map's opening in the page's HTML (decision 0018): the land, and in a large catalogue
 * the first markers, drawn at build time with markers that the server fills in (apps/server
 * app-shell/map-opening.ts) from the map's middle and the opening clusters (core openingMarkers), where the
 * map then draws its own. Never shipped to the browser: the app keeps the page's element until
 * its map has drawn (shared/lib/shell-handover.ts).
 */
export function OpeningMarkers({ children }: { children: React.ReactNode }) {
  return (
    <div id={SHELL_MAP_MARKERS} className={styles.opening} aria-hidden="true">
      {children}
    </div>
  );
}

/**
 * The land, as the map draws it at its opening zoom: `d` a path in world pixels, `x` and `y`
 * the world pixel of the map's middle (core worldPixel), so the box's middle is that pixel.
 */
export function OpeningLand({ x, y, d }: { x: number | string; y: number | string; d: string }) {
  return (
    <svg
      className={styles.openingLand}
      viewBox={`0 0 ${LAND_PX} ${LAND_PX}`}
      width={LAND_PX}
      height={LAND_PX}
      style={{ left: `calc(50% - ${x}px)`, top: `calc(50% - ${y}px)` }}
    >
      <path d={d} fillRule="evenodd" />
    </svg>
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
