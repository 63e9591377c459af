import { Link, useParams } from 'react-router';
import { isValidToken } from '@earshot/core';
import { NotFound } from '../../features/pages/not-found';
import { usePageTitle } from '../../shared/lib/page-title';
import { EmptyState } from '../../shared/ui/empty-state';
import { HeadphonesIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';

/**
 * Placeholder for guide-preload (SPEC §2 Preload screen) until offline preparation exists:
 * the confirm dialog's Visit lands here and goes on to the guide, played online.
 */
export function PreloadRoute() {
  const { token = '' } = useParams();
  const valid = isValidToken(token);
  usePageTitle(valid ? 'Getting ready' : 'Page not found');
  if (!valid) return <NotFound />;
  return (
    <EmptyState
      icon={<HeadphonesIcon size={36} />}
      title="This guide is almost ready"
      action={
        <Link className={buttons.button} to={`/guide/${encodeURIComponent(token)}`} replace>
          Start the guide
        </Link>
      }
    >
      <h1 className="visually-hidden">Preparing {token}</h1>
      <p>
        Downloading guides for offline listening is coming soon: for now the guide plays online.
      </p>
      <p>
        <Link to="/">Back to all guides</Link>
      </p>
    </EmptyState>
  );
}
