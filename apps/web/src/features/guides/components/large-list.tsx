import { useEffect, useMemo, useRef } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  catalogueCountText,
  catalogueOrder,
  FIRST_PAGE_SORT,
  groupPages,
  shouldGroupByCity,
  sortGuides,
  totalFromHeader,
  type GuideSummary,
} from '@earshot/core';
import { lettersQueryOptions } from '../api/get-tours-page';
import { useCataloguePages } from '../hooks/use-catalogue-pages';
import { useServerSearch } from '../hooks/use-server-search';
import { useGuideList, type ListScope } from '../store';
import { Spinner } from '../../../shared/ui/spinner';
import buttons from '../../../shared/ui/button.module.css';
import { AlphabetBar } from './alphabet-bar';
import { CityGroups } from './city-groups';
import { GuideList } from './guide-list';
import { ListHero } from './list-hero';
import { ListLoading } from './list-loading';
import { ListState } from './list-states';
import { GroupedLayout, ListTools } from './list-layout';
import { PageSentinel } from './page-sentinel';
import { SortHeader } from './sort-header';
import styles from './guide-list-screen.module.css';

/** The home list's opening in a large catalogue: its alphabet bar's letters, before it draws. */
export const prefetchOpening = (client: QueryClient) =>
  client.prefetchQuery(lettersQueryOptions(catalogueOrder(FIRST_PAGE_SORT)));

type Props = {
  heading: string;
  headingLevel?: 'h1' | 'h2';
  scope?: ListScope;
  showAlphabet: boolean;
  onOpen: (guide: GuideSummary) => void;
  /** The first page `GET tours` answered, and its headers (`X-Total-Count`, `Link`). */
  first: GuideSummary[];
  headers: Headers;
};

/**
 * The guide list of a large catalogue (more than FULL_LIST_MAX guides, docs/scale-out.md §3),
 * loaded only then: the pages come from the server as the visitor scrolls, grouped by city as
 * the small list is; the alphabet bar and the sort ask the server for the list from a letter
 * and in an order; search asks the server. Rows are virtualised (CityGroups), so the page
 * holds a screenful of them however far the visitor scrolls.
 */
export default function LargeList({
  heading,
  headingLevel,
  scope,
  showAlphabet,
  onOpen,
  first: guides,
  headers,
}: Props) {
  const first = useMemo(
    () => ({
      guides,
      total: totalFromHeader(headers.get('x-total-count')) ?? guides.length,
      link: headers.get('link'),
    }),
    [guides, headers],
  );
  const { search, sort, sorted, letter, setLetter } = useGuideList();
  // Until the visitor sorts, the list keeps the order its first page came in.
  const same = sort.by === FIRST_PAGE_SORT.by && sort.ascending === FIRST_PAGE_SORT.ascending;
  useEffect(() => {
    if (!sorted && !same) useGuideList.setState({ sort: FIRST_PAGE_SORT });
  }, [sorted, same]);
  const order = sorted ? sort : FIRST_PAGE_SORT;
  const { pages, cities, noCity } = useCataloguePages({ sort: order, from: letter, scope, first });
  const failed = pages.isError && !pages.data ? pages : cities.isError ? cities : null;
  const results = useServerSearch(search, scope);

  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.guides) ?? [], [pages.data]);
  const total = scope ? pages.data?.pages[0]?.total : first.total;
  const complete = !pages.hasNextPage;
  const grouped = total !== undefined && shouldGroupByCity(total);
  const groups = useMemo(
    () => (grouped ? groupPages(loaded, complete) : []),
    [grouped, loaded, complete],
  );
  const letters = useQuery({
    ...lettersQueryOptions(catalogueOrder(order)),
    enabled: showAlphabet && grouped,
  });

  // A letter starts the list there: back to the list's top, and focus on its first city.
  const top = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!letter) return;
    focusFirst.current = true;
    top.current?.scrollIntoView({ block: 'start' });
  }, [letter]);
  const firstCity = groups[0]?.cityId;
  useEffect(() => {
    if (!focusFirst.current || firstCity === undefined || pages.isPlaceholderData) return;
    focusFirst.current = false;
    // The virtualised rows are drawn once the list has measured the window: wait for them.
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const row = document.getElementById(`city-row-${firstCity}`);
      if (row) row.focus({ preventScroll: true });
      else if (tries++ < 30) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [firstCity, pages.isPlaceholderData]);

  const pending = pages.isPending || (scope?.kind === 'city' && !noCity && !pages.data);
  const body = () => {
    if (noCity || (pages.data && total === 0)) return <ListState scope={scope} />;
    if (failed) return <ListState failed={failed} />;
    if (pending) return <ListLoading />;
    if (!grouped) return <GuideList guides={sortGuides(loaded, order)} onOpen={onOpen} />;
    return (
      <GroupedLayout
        alphabet={
          showAlphabet && <AlphabetBar available={letters.data ?? new Set()} by={order.by} />
        }
      >
        {letter && (
          <div className={styles.tools}>
            <p className={styles.caption}>
              {order.by === 'city' ? 'Cities' : 'States'} from “{letter.toUpperCase()}”
            </p>
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
              onClick={() => setLetter(null)}
            >
              Back to the start
            </button>
          </div>
        )}
        <SortHeader shown={order} />
        <CityGroups groups={groups} onOpen={onOpen} jumps={false} />
        <PageSentinel
          active={pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError}
          pages={pages.data?.pages.length ?? 0}
          onNeed={() => void pages.fetchNextPage()}
        />
        {pages.isFetchingNextPage && <Spinner label="Loading more guides" />}
        {pages.isError && pages.hasNextPage && (
          <div className={styles.none}>
            <p>{pages.error.message}</p>
            <button
              type="button"
              className={buttons.button}
              onClick={() => void pages.fetchNextPage()}
            >
              Load more guides
            </button>
          </div>
        )}
      </GroupedLayout>
    );
  };

  return (
    <>
      <ListHero
        heading={heading}
        level={headingLevel}
        // Empty or failed, no count is coming: no placeholder for one (as the small list).
        count={total ? catalogueCountText(total) : noCity || failed || total === 0 ? '' : undefined}
      />
      <ListTools ref={top} options={grouped && results === null} />
      {results !== null ? (
        <section aria-labelledby="search-results" data-query={results.query}>
          <h2 id="search-results" className={styles.caption}>
            Search Results
          </h2>
          {results.tooShort ? (
            <p className={styles.none}>Type 3 letters or more to search.</p>
          ) : results.error ? (
            <p className={styles.none}>{results.error}</p>
          ) : results.guides === undefined ? (
            <Spinner label="Searching" />
          ) : results.guides.length ? (
            <GuideList guides={results.guides} label="Search results" onOpen={onOpen} />
          ) : (
            <p className={styles.none}>No guides match “{results.query}”.</p>
          )}
        </section>
      ) : (
        body()
      )}
    </>
  );
}
