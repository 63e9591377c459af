import { isIncompatible } from '../api/client';

/**
 * Retry for a call that failed, or Reload when its answer was in a form this app cannot read
 * (a newer server: only the new version of the app reads it, shared/api/client.ts).
 */
export function RetryButton({
  error,
  retry,
  className,
}: {
  error: unknown;
  retry: () => unknown;
  className: string | undefined;
}) {
  const reload = isIncompatible(error);
  return (
    <button
      type="button"
      className={className}
      onClick={() => (reload ? window.location.reload() : void retry())}
    >
      {reload ? 'Reload' : 'Retry'}
    </button>
  );
}
