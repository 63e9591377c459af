import { Spinner } from '../../../shared/ui/spinner';
import { usePoiChallenges } from '../api/get-poi-challenges';
import { StarIcon } from '../../../shared/ui/icons';
import styles from './poi-detail-content.module.css';

/** The POI's challenge, announced; answering it comes with the participation issue. */
export function PoiChallenge({ poiId, level }: { poiId: number; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const challenges = usePoiChallenges(poiId, true);
  const challenge = challenges.data?.[0];
  return (
    <div className={styles.challenge}>
      <span className={styles.challengeStar} aria-hidden="true">
        <StarIcon size={22} />
      </span>
      <div>
        {challenges.isPending ? (
          <Spinner label="Loading the challenge" />
        ) : (
          <>
            <Heading className={styles.challengeTitle}>
              {challenge?.title || 'Challenge Title'}
            </Heading>
            {challenge?.subtitle && <p className={styles.muted}>{challenge.subtitle}</p>}
          </>
        )}
        <p className={styles.soon}>Sign in to take part — coming soon.</p>
      </div>
    </div>
  );
}
