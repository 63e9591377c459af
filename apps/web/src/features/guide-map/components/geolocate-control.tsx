import { GEOLOCATE_LABEL } from '@earshot/core';
import type { Geolocate } from '../hooks/use-geolocate';
import { LocateIcon, LocateOffIcon } from './icons';
import styles from './controls.module.css';

/** SPEC §2, §4: the geolocate control in its four states (DISABLED, LOADING, ENABLED, UNAVAILABLE). */
export function GeolocateControl({ geo }: { geo: Geolocate }) {
  const { state, toggle } = geo;
  return (
    <button
      type="button"
      className={styles.control}
      data-state={state}
      aria-label={GEOLOCATE_LABEL[state]}
      aria-pressed={state === 'ENABLED' || state === 'LOADING'}
      onClick={toggle}
    >
      {state === 'LOADING' ? (
        <span className={styles.spin} aria-hidden="true" />
      ) : state === 'UNAVAILABLE' ? (
        <LocateOffIcon />
      ) : (
        <LocateIcon />
      )}
    </button>
  );
}
