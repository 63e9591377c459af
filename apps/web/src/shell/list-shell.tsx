import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ALPHABET, DEFAULT_SORT, FIRST_PAGE_SORT, type ListSort } from '@earshot/core';
import { HOME_HEADING } from '../app/layout/route-skeleton';
import { AlphabetBar } from '../features/guides/components/alphabet-bar';
import { CityRow, CityRowItem, CityRowList } from '../features/guides/components/city-groups';
import { ListHero } from '../features/guides/components/list-hero';
import { GroupedLayout, ListTools } from '../features/guides/components/list-layout';
import { ListSkeleton } from '../features/guides/components/list-skeleton';
import { PageSentinel } from '../features/guides/components/page-sentinel';
import { SortHeader } from '../features/guides/components/sort-header';

/**
 * Build-time templates of a grouped guide list's first screen (run by scripts/prerender.ts,
 * never shipped to the browser): the app's own components drawn with markers where the
 * server puts a list's words (apps/server/src/plugins/app-shell/), so the page it sends
 * holds the list's first rows as the app will draw them, before any script has run.
 */

/** Lower-case letters only: unchanged by a city page's path or React's escaping. */
const LIST_MARKERS = {
  count: 'earshotlistcount',
  height: 'earshotlistheight',
  rows: 'earshotlistrows',
  letters: 'earshotlistletters',
} as const;
const ROW_MARKERS = {
  index: 'earshotrowindex',
  id: 'earshotrowid',
  city: 'earshotrowcity',
  state: 'earshotrowstate',
  count: 'earshotrowcount',
  label: 'earshotrowlabel',
} as const;

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

/** The letters of an alphabet bar, each as a button with a city (`on`) and without (`off`). */
function letterButtons(by: 'city' | 'state') {
  const buttons = (available: Set<string>) => {
    const html = render(<AlphabetBar available={available} by={by} />);
    const each = [...html.matchAll(/<button[^>]*>[a-z]<\/button>/g)].map((m) => m[0]);
    if (each.length !== ALPHABET.length) throw new Error('list shell: the alphabet bar changed');
    return { html, each };
  };
  const on = buttons(new Set(ALPHABET));
  const off = buttons(new Set());
  const bar = on.html.replace(on.each.join(''), LIST_MARKERS.letters);
  if (!bar.includes(LIST_MARKERS.letters)) throw new Error('list shell: letters not together');
  return { on: on.each, off: off.each, bar };
}

/** A grouped list's first screen as the app draws it in `sort` (see GuideListScreen, LargeList). */
function groupedScreen(heading: string, sort: ListSort, alphabet: string | null, large: boolean) {
  const html = render(
    <>
      <ListHero heading={heading} count={LIST_MARKERS.count} />
      <ListTools options />
      <GroupedLayout alphabet={alphabet === null ? null : <i>{LIST_MARKERS.letters}</i>}>
        <SortHeader shown={sort} />
        <CityRowList height={LIST_MARKERS.height}>{LIST_MARKERS.rows}</CityRowList>
        {large && <PageSentinel active={false} pages={0} onNeed={() => undefined} />}
      </GroupedLayout>
    </>,
  );
  return alphabet === null ? html : html.replace(`<i>${LIST_MARKERS.letters}</i>`, alphabet);
}

export type ListTemplates = {
  /** The markers in the templates, for the server to find. */
  markers: { list: typeof LIST_MARKERS; row: typeof ROW_MARKERS };
  /** One city row. */
  row: string;
  /** Each list page: the loading state the page's shell holds, and the grouped list for it. */
  screens: Record<
    'home' | 'city' | 'state',
    { skeleton: string; small: string; large: string | null }
  >;
  /** The alphabet bar's letter buttons a–z, with and without a city, by sort. */
  letters: Record<'city' | 'state', { on: string[]; off: string[] }>;
};

/** `places`: the headings the city and state pages' shells were drawn with. */
export function renderListTemplates(places: { city: string; state: string }): ListTemplates {
  const city = letterButtons('city');
  const state = letterButtons('state');
  const screen = (heading: string, alphabet: boolean) => ({
    skeleton: render(<ListSkeleton heading={heading} />),
    small: groupedScreen(heading, DEFAULT_SORT, alphabet ? city.bar : null, false),
    // A large catalogue's home list opens in its first page's order, pages as it scrolls.
    large: alphabet ? groupedScreen(heading, FIRST_PAGE_SORT, state.bar, true) : null,
  });
  const row = render(
    // Rows flow in the page (the app's list places them once it has measured them).
    <CityRowItem index={ROW_MARKERS.index} style={{ position: 'relative' }}>
      <CityRow
        id={ROW_MARKERS.id}
        city={ROW_MARKERS.city}
        state={ROW_MARKERS.state}
        count={ROW_MARKERS.count}
        label={ROW_MARKERS.label}
      />
    </CityRowItem>,
  );
  return {
    markers: { list: LIST_MARKERS, row: ROW_MARKERS },
    row,
    screens: {
      home: screen(HOME_HEADING, true),
      city: screen(places.city, false),
      state: screen(places.state, false),
    },
    letters: { city: { on: city.on, off: city.off }, state: { on: state.on, off: state.off } },
  };
}
