import { usePageTitle } from '../../shared/lib/page-title';
import { EmptyState } from '../../shared/ui/empty-state';
import { HeadphonesIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';

/** A guide that did not load (offline, a server error): what happened, and Retry. */
export function GuideLoadError({ error, retry }: { error: Error; retry: () => void }) {
  usePageTitle('This guide could not be loaded');
  return (
    <EmptyState
      icon={<HeadphonesIcon size={36} />}
      title="This guide could not be loaded"
      action={
        <button type="button" className={buttons.button} onClick={retry}>
          Retry
        </button>
      }
    >
      <p>{error.message}</p>
    </EmptyState>
  );
}
