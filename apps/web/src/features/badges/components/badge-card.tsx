import { pointsText } from '@earshot/core';
import type { BadgeRow } from '../hooks/use-badge-rows';
import { CheckIcon } from './icons';
import styles from './badge-card.module.css';

/** What the badge's picture shows, for those who cannot see it. */
function imageAlt({ badge, progress }: BadgeRow): string {
  const level = progress.shown ? `, ${progress.shown.name} level` : '';
  return `${badge.name}${level}${progress.reached ? '' : ' (not earned yet)'}`;
}

/**
 * One badge of the overlay (SPEC §3): the picture and level it shows, its points, the next
 * level with what it still needs, and every level with the points it takes.
 */
export function BadgeCard({ row, signedIn }: { row: BadgeRow; signedIn: boolean }) {
  const { badge, levels, progress, image } = row;
  const { reached, next, toNext, points } = progress;
  const earned = reached !== null;
  return (
    <li className={styles.card} data-earned={earned || undefined}>
      <div className={styles.medal}>
        {image ? (
          <img src={image} alt={imageAlt(row)} width={72} height={72} loading="lazy" />
        ) : (
          <span className={styles.noImage} role="img" aria-label={imageAlt(row)} />
        )}
      </div>
      <div className={styles.head}>
        <h3 className={styles.name}>{badge.name}</h3>
        <p className={styles.status}>
          <span className={styles.level}>
            {reached ? `${reached.name} level` : 'Not earned yet'}
          </span>
          {signedIn && <span className={styles.points}>{pointsText(points)}</span>}
        </p>
        {earned && badge.message && <p className={styles.message}>{badge.message}</p>}
      </div>
      <div className={styles.more}>
        {signedIn && next && toNext !== null && (
          <div className={styles.next}>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={`Towards ${next.name}`}
              aria-valuemin={0}
              aria-valuemax={next.required}
              aria-valuenow={points}
              aria-valuetext={`${pointsText(points)} of ${next.required}`}
            >
              <span style={{ width: `${Math.round(progress.fraction * 100)}%` }} />
            </div>
            <p className={styles.nextText}>
              Next: {next.name} at {pointsText(next.required)}{' '}
              <span className={styles.toGo}>· {toNext} to go</span>
            </p>
          </div>
        )}
        {signedIn && earned && !next && <p className={styles.nextText}>Highest level reached</p>}
        {levels.length > 0 && (
          <ol className={styles.levels} aria-label={`Levels of ${badge.name}`}>
            {levels.map((l) => {
              const got = signedIn && l.required <= points;
              return (
                <li key={l.id} data-reached={got || undefined}>
                  {got && <CheckIcon size={14} />}
                  <span className={styles.levelName}>{l.name}</span>
                  <span className={styles.levelPoints} aria-hidden="true">
                    {l.required} pts
                  </span>
                  <span className="visually-hidden">{pointsText(l.required)}</span>
                  {got && <span className="visually-hidden">, reached</span>}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </li>
  );
}
