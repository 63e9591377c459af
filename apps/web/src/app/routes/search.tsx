import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isValidPlaceSegment, upperTitle } from '@earshot/core';
import { GuideListScreen } from '../../features/guides/components/guide-list-screen';
import { useGuideList } from '../../features/guides/store';
import { NotFound } from '../../features/pages/not-found';
import { usePageTitle } from '../../shared/lib/page-title';
import { useGuideConfirm } from './use-guide-confirm';

/** /search/{search}: all guides with the search applied; the title is the search text upper-cased. */
export function SearchRoute() {
  const search = useParams().search ?? '';
  const valid = isValidPlaceSegment(search);
  usePageTitle(valid ? upperTitle(search) : 'Page not found');
  const setSearch = useGuideList((s) => s.setSearch);
  useEffect(() => {
    if (valid) setSearch(search);
  }, [search, valid, setSearch]);
  const confirm = useGuideConfirm('search');
  if (!valid) return <NotFound />;
  return (
    <>
      <GuideListScreen heading={upperTitle(search)} onOpen={confirm.open} />
      {confirm.dialog}
    </>
  );
}
