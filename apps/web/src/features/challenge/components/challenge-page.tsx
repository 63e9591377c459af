import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CHALLENGE_TEXTS } from '@earshot/core';
import { ApiError } from '../../../shared/api/client';
import { ChallengeView } from '../../../shared/answers/components/challenge-view';
import { BackIcon } from '../../../shared/answers/components/icons';
import { useChallenge } from '../../../shared/hunts/api/get-challenge';
import { usePageTitle } from '../../../shared/lib/page-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import styles from './challenge-page.module.css';

/**
 * /challenge/{challenge_id} (SPEC §2 challenge-detail): the challenge on its own page. Back
 * goes where the visitor came from, or to the challenge's hunt when they came by a link.
 */
export function ChallengePage({ id, notFound }: { id: number; notFound: ReactNode }) {
  const challenge = useChallenge(id);
  const navigate = useNavigate();
  const missing = challenge.error instanceof ApiError && challenge.error.status === 404;
  // The not-found page's title is set first (children's effects run before their parent's).
  usePageTitle(
    missing
      ? 'Page not found'
      : challenge.data
        ? challenge.data.title || CHALLENGE_TEXTS.defaultTitle
        : 'Challenge',
  );
  if (missing) return notFound;
  if (challenge.isError)
    return (
      <EmptyState title="The challenge could not be loaded">
        <p>Check your connection and try again.</p>
      </EmptyState>
    );
  if (!challenge.data) return <Spinner label="Loading the challenge" />;
  const hunt = `/hunt/${challenge.data.scavenger_hunt}`;
  // React Router numbers the app's history entries: at 0 (the first page, or one that replaced
  // it, as /poi/{token}/challenge does) a step back would leave the app.
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate(hunt));
  };
  return (
    <div className={`${styles.page} es-hunt`}>
      <div className={styles.sheet}>
        <ChallengeView
          challenge={challenge.data}
          title="h1"
          top={
            <button type="button" className={styles.back} onClick={back}>
              <BackIcon size={20} />
              Back
            </button>
          }
        />
      </div>
    </div>
  );
}
