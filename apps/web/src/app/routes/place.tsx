import { useEffect, useLayoutEffect } from 'react';
import { useParams } from 'react-router';
import { cityTitle, isValidPlaceSegment, upperTitle } from '@earshot/core';
import { GuideListScreen } from '../../features/guides/components/guide-list-screen';
import { useGuideList } from '../../features/guides/store';
import { postListView } from '../../features/guides/api/post-list-view';
import { NotFound } from '../../features/pages/not-found';
import { usePageTitle } from '../../shared/lib/page-title';
import { takeShellSearch } from '../../shared/lib/shell-handover';
import { useGuideConfirm } from './use-guide-confirm';

/** /city/{city} and /state/{state}: the guides of one place, alphabet bar hidden, a list view tracked. */
function PlaceRoute({ kind }: { kind: 'city' | 'state' }) {
  const value = useParams()[kind] ?? '';
  const valid = isValidPlaceSegment(value);
  const title = kind === 'city' ? cityTitle(value) : upperTitle(value);
  usePageTitle(valid ? title : 'Page not found');
  const reset = useGuideList((s) => s.reset);
  const setSearch = useGuideList((s) => s.setSearch);
  // Before the screen paints and before the list's own effects (as the home route).
  useLayoutEffect(() => {
    reset();
    // A query typed into the page's shell before the app started is kept.
    const typed = takeShellSearch();
    if (typed) setSearch(typed);
  }, [kind, value, reset, setSearch]);
  useEffect(() => {
    if (valid) void postListView({ kind: `${kind}-list-view`, place: value });
  }, [kind, value, valid]);
  const confirm = useGuideConfirm('list');
  if (!valid) return <NotFound />;
  return (
    <>
      <GuideListScreen
        heading={title}
        scope={{ kind, value }}
        showAlphabet={false}
        onOpen={confirm.open}
      />
      {confirm.dialog}
    </>
  );
}

export const CityRoute = () => <PlaceRoute kind="city" />;
export const StateRoute = () => <PlaceRoute kind="state" />;
