import type { Dispatch } from 'react';
import { nextRate, type MediaPlayerAction } from '@earshot/core';
import styles from './footer-player.module.css';

/** Cycles 0.75× → 1× → 1.25× → 1.5× → 2×: one tap per step, as podcast apps do. */
export function SpeedButton({
  rate,
  dispatch,
}: {
  rate: number;
  dispatch: Dispatch<MediaPlayerAction>;
}) {
  return (
    <button
      type="button"
      className={styles.speed}
      aria-label={`Playback speed ${rate}×`}
      title="Playback speed"
      onClick={() => dispatch({ type: 'rate', rate: nextRate(rate) })}
    >
      {rate}×
    </button>
  );
}
