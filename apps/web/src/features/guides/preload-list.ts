import { queryClient } from '../../shared/api/query-client';
import { toursQueryOptions } from './api/get-tours';

/** Past this, a list screen draws its loading state rather than keep waiting for its guides. */
export const LIST_DATA_WAIT_MS = 4000;

/**
 * What a list screen's first render needs to draw its guides rather than its loading state:
 * the guides (`GET tours`, which the page started fetching with itself), and in a large
 * catalogue what `large` loads (the paged list's code; on the home list, its letters). The page
 * shows the server's first rows meanwhile; a slow or failed answer gives up after
 * LIST_DATA_WAIT_MS, and the screen then shows its own loading or failed state.
 */
export function preloadListData(large: () => Promise<void>): Promise<void> {
  const ready = queryClient
    .ensureQueryData(toursQueryOptions())
    .then((tours) => (tours.large ? large() : undefined))
    .catch(() => undefined);
  return Promise.race([ready, new Promise<void>((done) => setTimeout(done, LIST_DATA_WAIT_MS))]);
}
