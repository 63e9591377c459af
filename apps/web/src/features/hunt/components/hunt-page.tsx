import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { BackIcon } from '../../../shared/answers/components/icons';
import { useScavengerHunt } from '../../../shared/hunts/api/get-scavenger-hunt';
import { usePageTitle } from '../../../shared/lib/page-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useTourByToken } from '../../../shared/visit/api/get-tour-by-token';
import { HuntsWithDialog } from './hunt-with-dialog';
import styles from './hunt-page.module.css';

/** /hunt/{id} (SPEC §2): one scavenger hunt on its own page, with a way to its guide. */
export function HuntPage({ id, notFound }: { id: number; notFound: ReactNode }) {
  const hunt = useScavengerHunt(id);
  const guide = useTourByToken(hunt.data?.guide_token ?? null);
  const missing = hunt.error instanceof ApiError && hunt.error.status === 404;
  // The not-found page's title is set first (children's effects run before their parent's).
  usePageTitle(missing ? 'Page not found' : (hunt.data?.name ?? 'Scavenger hunt'));
  if (missing) return notFound;
  if (hunt.isError)
    return (
      <EmptyState title="The scavenger hunt could not be loaded">
        <p>Check your connection and try again.</p>
      </EmptyState>
    );
  if (!hunt.data) return <Spinner label="Loading the scavenger hunt" />;
  return (
    <div className={styles.page}>
      <Link className={styles.back} to={`/guide/${encodeURIComponent(hunt.data.guide_token)}`}>
        <BackIcon size={20} />
        <span className={styles.backText}>{guide.data?.title ?? 'Open the guide'}</span>
      </Link>
      <HuntsWithDialog hunts={[hunt.data]} level={1} />
    </div>
  );
}
