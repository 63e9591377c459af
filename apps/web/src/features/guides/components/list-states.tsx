import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { HeadphonesIcon, PinIcon } from '../../../shared/ui/icons';
import buttons from '../../../shared/ui/button.module.css';
import { RetryButton } from '../../../shared/ui/empty-state';
import type { ListScope } from '../store';

/**
 * The guide list's empty state (none published, in this city or state: a way back to every
 * guide), or with `failed` its failed one (the reason, and Retry): one markup for the small
 * list (guide-list-screen.tsx) and the large catalogue's paged one (large-list.tsx). One
 * component, not two: the home route's first load carries it.
 */
export function ListState({
  scope,
  failed,
}: {
  scope?: ListScope;
  /** The query that failed: its error's message is shown, and Retry asks again. */
  failed?: { error: Error | null; refetch: () => unknown };
}) {
  const Icon = failed ? PinIcon : HeadphonesIcon;
  return (
    <EmptyState
      icon={<Icon size={36} />}
      title={
        failed
          ? 'Guides could not be loaded'
          : scope
            ? `No guides in ${scope.value} yet`
            : 'No guides yet'
      }
      action={
        failed ? (
          <RetryButton error={failed.error} retry={failed.refetch} className={buttons.button} />
        ) : (
          scope && (
            <Link className={buttons.button} to="/">
              See all guides
            </Link>
          )
        )
      }
    >
      <p>
        {failed
          ? failed.error?.message
          : `When a guide is published ${scope ? 'here ' : ''}it will appear in this list.`}
      </p>
    </EmptyState>
  );
}
