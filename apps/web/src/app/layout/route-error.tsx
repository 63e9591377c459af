import { Link, useRouteError } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';
import buttons from '../../shared/ui/button.module.css';

/** Shown when a screen fails to load (for example its code could not be fetched offline). */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <main style={{ padding: 16 }}>
      <EmptyState
        title="Something went wrong"
        action={
          <Link className={buttons.button} to="/" reloadDocument>
            Back to all guides
          </Link>
        }
      >
        <p>{error?.message ?? 'This screen could not be shown.'}</p>
      </EmptyState>
    </main>
  );
}
