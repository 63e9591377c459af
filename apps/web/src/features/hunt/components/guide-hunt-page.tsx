import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../shared/lib/page-title';
import { useScavengerHunts } from '../../../shared/hunts/api/get-scavenger-hunts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useVisit } from '../../../shared/visit/store';
import { useGuide } from '../../../shared/visit/use-guide';
import { useOpenChallenge } from '../hooks/use-open-challenge';
import { BackIcon } from '../../../shared/answers/components/icons';
import { HuntsWithDialog } from './hunt-with-dialog';
import styles from './hunt-page.module.css';

/**
 * /guide/{token}/scavenger_hunt (SPEC §2 guide-scavenger-hunt): the guide's hunt inside the
 * guide screen, the player still below. The visit's overlay mode is SCAVENGER, and CHALLENGE
 * while a challenge is open (SPEC §4).
 */
export function GuideHuntPage() {
  const guide = useGuide();
  const hunts = useScavengerHunts(guide.token);
  const setOverlay = useVisit((s) => s.setOverlay);
  const challengeOpen = useOpenChallenge().open !== null;
  useEffect(() => {
    setOverlay(challengeOpen ? 'challenge' : 'scavenger');
  }, [challengeOpen, setOverlay]);
  useEffect(() => () => setOverlay(null), [setOverlay]);
  usePageTitle(`Scavenger hunt · ${guide.title}`);
  const home = `/guide/${encodeURIComponent(guide.token)}`;
  return (
    <div className={`${styles.page} ${styles.inGuide}`}>
      <Link className={styles.back} to={home}>
        <BackIcon size={20} />
        <span className={styles.backText}>{guide.title}</span>
      </Link>
      {hunts.isPending ? (
        <Spinner label="Loading the scavenger hunt" />
      ) : !hunts.data?.length ? (
        <EmptyState title="No scavenger hunt here">
          <p>
            {hunts.isError
              ? 'The scavenger hunt could not be loaded. Check your connection and try again.'
              : 'This guide has no scavenger hunt.'}
          </p>
        </EmptyState>
      ) : (
        <HuntsWithDialog hunts={hunts.data} level={2} />
      )}
    </div>
  );
}
