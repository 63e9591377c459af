import { Link } from 'react-router';
import { huntChallengeCount, huntProgress, type ScavengerHunt } from '@earshot/core';
import { useGuideAnswers } from '../../../shared/answers/use-answers';
import { useGuide } from '../../../shared/visit/use-guide';
import { EyeIcon } from './icons';
import styles from './controls.module.css';

const plural = (n: number) => `${n} challenge${n === 1 ? '' : 's'}`;

/**
 * SPEC §2 scavenger hunt control: an eye icon with the hunts' challenge count (answered/total
 * when signed in, SPEC §6). It opens the guide's hunt screen.
 */
export function HuntControl({ hunts }: { hunts: ScavengerHunt[] }) {
  const guide = useGuide();
  const { answers, signedIn } = useGuideAnswers(guide.token);
  const total = huntChallengeCount(hunts);
  const progress = huntProgress(
    hunts.flatMap((h) => h.challenges),
    answers,
    signedIn,
  );
  const label =
    progress.answered === null
      ? `Scavenger hunt: ${plural(total)}`
      : `Scavenger hunt: ${progress.answered} of ${plural(total)} answered`;
  return (
    <Link
      className={styles.control}
      to={`/guide/${encodeURIComponent(guide.token)}/scavenger_hunt`}
      aria-label={label}
      title="Scavenger hunt"
    >
      <EyeIcon />
      <span className={styles.count} aria-hidden="true">
        {progress.label}
      </span>
    </Link>
  );
}
