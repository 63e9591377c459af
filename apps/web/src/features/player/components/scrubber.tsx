import { useCallback, type CSSProperties, type Dispatch, type KeyboardEvent } from 'react';
import {
  formatTime,
  scrubberText,
  type MediaPlayerAction,
  type MediaPlayerState,
} from '@earshot/core';
import styles from './scrubber.module.css';

/** Arrow keys move by this much (seconds), as in most web players. */
const KEY_STEP = 5;

/**
 * SPEC §2 scrubber with elapsed and total time (or --:--). A pointer drag is SPEC §4
 * scrubbing (the status comes back when it ends); keys and clicks seek at once.
 */
export function Scrubber({
  state,
  dispatch,
}: {
  state: MediaPlayerState;
  dispatch: Dispatch<MediaPlayerAction>;
}) {
  const { duration, elapsed } = state;
  const known = duration !== null;
  const onPointerDown = useCallback(() => {
    dispatch({ type: 'scrubStart' });
    // The drag may end outside the slider.
    const end = () => {
      dispatch({ type: 'scrubEnd' });
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  }, [dispatch]);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const to: Record<string, number> = {
      ArrowLeft: elapsed - KEY_STEP,
      ArrowDown: elapsed - KEY_STEP,
      ArrowRight: elapsed + KEY_STEP,
      ArrowUp: elapsed + KEY_STEP,
      PageDown: elapsed - 3 * KEY_STEP,
      PageUp: elapsed + 3 * KEY_STEP,
      Home: 0,
      End: duration ?? 0,
    };
    if (!(e.key in to)) return;
    e.preventDefault();
    dispatch({ type: 'seek', to: to[e.key] ?? 0 });
  };
  const pct = known && duration > 0 ? Math.min(100, (elapsed / duration) * 100) : 0;
  return (
    <div className={styles.scrubber}>
      <span className={styles.time} data-testid="elapsed" aria-hidden="true">
        {formatTime(known ? elapsed : null)}
      </span>
      <input
        type="range"
        className={styles.range}
        style={{ '--pct': `${pct}%` } as CSSProperties}
        aria-label="Playback position"
        aria-valuetext={scrubberText(elapsed, duration)}
        min={0}
        max={known ? duration : 1}
        step="any"
        value={known ? elapsed : 0}
        disabled={!known}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onChange={(e) => dispatch({ type: 'seek', to: Number(e.currentTarget.value) })}
      />
      <span className={styles.time} data-testid="duration" aria-hidden="true">
        {formatTime(duration)}
      </span>
    </div>
  );
}
