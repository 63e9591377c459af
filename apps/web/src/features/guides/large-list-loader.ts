import { preloadable } from '../../shared/lib/preloadable';
import { queryClient } from '../../shared/api/query-client';

/** A large catalogue's paged list (loaded only then): drawn at once when preloaded. */
export const largeList = preloadable(() =>
  import('./components/large-list').then((m) => m.default),
);

/** The paged list's code, and on the home list its alphabet bar's letters, before it draws. */
export async function preloadLargeList(home: boolean): Promise<void> {
  const [, list] = await Promise.all([largeList.preload(), import('./components/large-list')]);
  if (home) await list.prefetchOpening(queryClient);
}
