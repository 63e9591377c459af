import { directionsUrl, distanceKm, formatKm, platformOf, type LatLng } from '@earshot/core';
import { useKnownPosition } from '../lib/use-known-position';
import { PinIcon } from './icons';
import styles from './guide-facts.module.css';

type Props = {
  /** How many locations (stops) the guide has. */
  count: number;
  /** The guide's centre: the distance to it (when location is on) and the directions. */
  center: LatLng | null;
  /** Offer a Directions chip (SPEC §2 guide confirm dialog). */
  directions?: boolean;
};

/**
 * SPEC §2 guide confirm dialog's facts as chips: the location count, the distance in km when
 * the visitor's location is known (never asked for here), and optionally Directions. The
 * browse confirm dialog and the guide screen's language choice both show them.
 */
export function GuideFacts({ count, center, directions = false }: Props) {
  const position = useKnownPosition();
  const km = position && center ? distanceKm(position, center) : null;
  return (
    <div className={styles.chips}>
      <span className={styles.chip}>{count === 1 ? '1 location' : `${count} locations`}</span>
      {km !== null && <span className={styles.chip}>{formatKm(km)} away</span>}
      {directions && center && (
        <a
          className={`${styles.chip} ${styles.link}`}
          href={directionsUrl(platformOf(navigator.userAgent), center.lat, center.lng)}
          target="_blank"
          rel="noreferrer"
        >
          <PinIcon size={16} /> Directions
        </a>
      )}
    </div>
  );
}
