import { ChallengeView } from '../../../shared/answers/components/challenge-view';
import { Spinner } from '../../../shared/ui/spinner';
import { usePoiChallenges } from '../api/get-poi-challenges';
import styles from './poi-detail-content.module.css';

/** The POI's challenge (SPEC §2 Challenge tab): the same view as the challenge page. */
export function PoiChallenge({ poiId, level }: { poiId: number; level: 2 | 3 }) {
  const challenges = usePoiChallenges(poiId, true);
  const challenge = challenges.data?.[0];
  if (challenges.isPending) return <Spinner label="Loading the challenge" />;
  if (!challenge)
    return (
      <p className={styles.muted}>
        {challenges.isError
          ? 'The challenge could not be loaded. Check your connection.'
          : 'This stop has no challenge.'}
      </p>
    );
  return <ChallengeView challenge={challenge} title={level === 2 ? 'h2' : 'h3'} />;
}
