import { FilledStarIcon } from './icons';
import styles from './challenge-star.module.css';

/**
 * SPEC §2: a star on stops with a challenge, yellow while the challenge is active, grey
 * otherwise. The stop's accessible name says it in words (see `stopName`).
 */
export function ChallengeStar({ state }: { state: 'active' | 'inactive' }) {
  return (
    <span className={styles.star} data-state={state} aria-hidden="true">
      <FilledStarIcon size={14} />
    </span>
  );
}
