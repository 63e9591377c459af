import { usePageTitle } from '../../shared/lib/page-title';
import { EmptyState } from '../../shared/ui/empty-state';
import { HeadphonesIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';
import { RetryButton } from '../../shared/ui/empty-state';

/** A guide that did not load (offline, a server error): what happened, and Retry (or Reload). */
export function GuideLoadError({ error, retry }: { error: Error; retry: () => void }) {
  usePageTitle('This guide could not be loaded');
  return (
    <EmptyState
      icon={<HeadphonesIcon size={36} />}
      title="This guide could not be loaded"
      action={<RetryButton error={error} retry={retry} className={buttons.button} />}
    >
      <p>{error.message}</p>
    </EmptyState>
  );
}
