import { useLayoutEffect } from 'react';
import { GuideListScreen } from '../../features/guides/components/guide-list-screen';
import { useGuideList } from '../../features/guides/store';
import { usePageTitle } from '../../shared/lib/page-title';
import { takeShellSearch } from '../../shared/lib/shell-handover';
import { HOME_HEADING } from '../layout/route-skeleton';
import { useGuideConfirm } from './use-guide-confirm';

export { preloadLargeList } from '../../features/guides/large-list-loader';

/**
 * Home: the guide list with a search bar; entering it resets the alphabet bar, filters and
 * search (but keeps a query typed into the page's shell before the app started), before the
 * screen paints and before the list's own effects (a large catalogue's list then sets the
 * order its first page came in).
 */
export function HomeRoute() {
  usePageTitle('Guides');
  const reset = useGuideList((s) => s.reset);
  const setSearch = useGuideList((s) => s.setSearch);
  useLayoutEffect(() => {
    reset();
    const typed = takeShellSearch();
    if (typed) setSearch(typed);
  }, [reset, setSearch]);
  const confirm = useGuideConfirm('list');
  return (
    <>
      <GuideListScreen heading={HOME_HEADING} onOpen={confirm.open} />
      {confirm.dialog}
    </>
  );
}
