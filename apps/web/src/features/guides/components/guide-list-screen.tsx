import { Suspense, useMemo } from 'react';
import {
  groupByCity,
  lettersWithCities,
  listCountText,
  shouldGroupByCity,
  sortGuides,
  type GuideSummary,
} from '@earshot/core';
import { useTours } from '../api/get-tours';
import { useGuideSearch } from '../hooks/use-guide-search';
import { useGuideList, type ListScope } from '../store';
import { Spinner } from '../../../shared/ui/spinner';
import { AlphabetBar } from './alphabet-bar';
import { ListHero } from './list-hero';
import { ListLoading } from './list-loading';
import { ListState } from './list-states';
import { ListSkeleton } from './list-skeleton';
import { CityGroups } from './city-groups';
import { GuideList } from './guide-list';
import { GroupedLayout, ListTools } from './list-layout';
import { SortHeader } from './sort-header';
import { largeList } from '../large-list-loader';
import styles from './guide-list-screen.module.css';

// A large catalogue's paged list: its code loads only when the server says the catalogue is large.
const LargeList = largeList.Component;

export type { ListScope } from '../store';

type Props = {
  heading: string;
  /** Only the guides of one city or state. */
  scope?: ListScope;
  showAlphabet?: boolean;
  onOpen: (guide: GuideSummary) => void;
  /** Guides the page brings (the /guide_list_test fixtures) instead of the API's list. */
  fixture?: readonly GuideSummary[];
  /** The level of the list's heading: h2 on a page with its own h1. */
  headingLevel?: 'h1' | 'h2';
};

/**
 * SPEC §2 guide list screen: a spinner (with the skeleton the page's shell shows), then more than 20 guides grouped by city (with
 * the alphabet bar and State/City sorting), 20 or fewer as a flat list, or search results.
 */
export function GuideListScreen({
  heading,
  scope,
  showAlphabet = true,
  onOpen,
  fixture,
  headingLevel,
}: Props) {
  const tours = useTours(fixture === undefined);
  const large = fixture === undefined ? tours.data?.large : null;
  const all = fixture ?? (large ? undefined : tours.data?.guides);
  const pending = fixture === undefined && tours.isPending;
  const { search, sort, searchWarm } = useGuideList();
  const guides = useMemo(() => {
    if (!all || !scope) return all;
    const want = scope.value.toLowerCase();
    return all.filter(
      (g) => (scope.kind === 'city' ? g.city.name : g.city.state).toLowerCase() === want,
    );
  }, [all, scope]);
  const results = useGuideSearch(guides, search, searchWarm);
  const grouped = guides !== undefined && shouldGroupByCity(guides.length);
  const groups = useMemo(() => (grouped ? groupByCity(guides, sort) : []), [grouped, guides, sort]);
  const cityCount = new Set(guides?.map((g) => g.city.id)).size;

  if (large)
    return (
      <Suspense fallback={<ListSkeleton heading={heading} />}>
        <LargeList
          heading={heading}
          headingLevel={headingLevel}
          scope={scope}
          showAlphabet={showAlphabet}
          onOpen={onOpen}
          first={tours.data!.guides}
          headers={large}
        />
      </Suspense>
    );
  return (
    <>
      <ListHero
        heading={heading}
        level={headingLevel}
        count={pending ? undefined : guides?.length ? listCountText(guides.length, cityCount) : ''}
      />
      <ListTools options={grouped && results === null} />
      {pending ? (
        <ListLoading />
      ) : fixture === undefined && tours.isError ? (
        <ListState failed={tours} />
      ) : guides!.length === 0 ? (
        <ListState scope={scope} />
      ) : results !== null ? (
        <section aria-labelledby="search-results" data-query={results.query}>
          <h2 id="search-results" className={styles.caption}>
            Search Results
          </h2>
          {results.guides === undefined ? (
            <Spinner label="Searching" />
          ) : results.guides.length ? (
            <GuideList guides={results.guides} label="Search results" onOpen={onOpen} />
          ) : (
            <p className={styles.none}>No guides match “{results.query}”.</p>
          )}
        </section>
      ) : grouped ? (
        <GroupedLayout
          alphabet={showAlphabet && <AlphabetBar available={lettersWithCities(groups)} />}
        >
          <SortHeader />
          <CityGroups groups={groups} onOpen={onOpen} />
        </GroupedLayout>
      ) : (
        <GuideList guides={sortGuides(guides!, sort)} onOpen={onOpen} />
      )}
    </>
  );
}
