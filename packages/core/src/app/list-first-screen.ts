import { ALPHABET } from '../constants.js';
import {
  DEFAULT_SORT,
  groupByCity,
  lettersWithCities,
  shouldGroupByCity,
  type CityGroup,
} from './guide-list.js';
import { groupPages } from './catalogue-client.js';

/**
 * The words and sizes a grouped guide list shows (SPEC §2 guide list screen), shared by the
 * web app's list and the server, which puts a list's first rows into the page it sends
 * (apps/server app-shell/), so they paint before any script has run.
 */

/** A city's page. */
export const cityPath = (city: string) => `/city/${encodeURIComponent(city.toLowerCase())}`;

const guides = (n: number) => (n === 1 ? '1 guide' : `${n} guides`);

/** The count line of a list of the whole catalogue or of a place, e.g. "26 guides in 11 cities". */
export const listCountText = (guideCount: number, cityCount: number) =>
  guides(guideCount) + (cityCount > 1 ? ` in ${cityCount} cities` : '');

/** The count line of a large catalogue's list, which knows the guides' total only. */
export const catalogueCountText = (n: number) =>
  n === 1 ? '1 guide' : `${n.toLocaleString('en')} guides`;

/** How a city's row names itself for screen readers: "Austin, Texas: 3 guides". */
export const cityRowLabel = (city: string, state: string, count: number) =>
  `${city}, ${state}: ${guides(count)}`;

/** A city row's height before the list has measured it (the virtualised list's estimate). */
export const CITY_ROW_HEIGHT = 64;

/** Rows the page's HTML holds: more than the tallest screen shows of the list. */
export const FIRST_SCREEN_ROWS = 16;

export type FirstRow = { cityId: number; city: string; state: string; guides: number };

/**
 * The first screen of a grouped list as the app draws it once its guides are in: the count
 * line, the first rows, how many rows the whole list has (its height), and the letters of the
 * alphabet bar that have a city (null where the page shows no alphabet bar).
 */
export type FirstListScreen = {
  count: string;
  rows: FirstRow[];
  groups: number;
  letters: string[] | null;
};

type ListedGuide = { title: string; city: { id: number; name: string; state: string } };

/** A list page: the home list, or one city's or state's (with the place as in its URL). */
export type ListPage = { kind: 'home' | 'city' | 'state'; place?: string };

const firstRows = (groups: readonly CityGroup<ListedGuide>[]): FirstRow[] =>
  groups.slice(0, FIRST_SCREEN_ROWS).map((g) => ({
    cityId: g.cityId,
    city: g.city,
    state: g.state,
    guides: g.guides.length,
  }));

/**
 * A small catalogue's list page (the app holds the whole list): its guides grouped by city in
 * the default order, as the app opens it. Null when the page shows no grouped list (20 guides
 * or fewer: cards; no guides: the empty state).
 */
export function firstListScreen(
  page: ListPage,
  all: readonly ListedGuide[],
): FirstListScreen | null {
  const want = page.place?.toLowerCase();
  const shown =
    page.kind === 'home' || want === undefined
      ? all
      : all.filter(
          (g) => (page.kind === 'city' ? g.city.name : g.city.state).toLowerCase() === want,
        );
  if (!shouldGroupByCity(shown.length)) return null;
  const groups = groupByCity(shown, DEFAULT_SORT);
  return {
    count: listCountText(shown.length, groups.length),
    rows: firstRows(groups),
    groups: groups.length,
    letters: page.kind === 'home' ? [...lettersWithCities(groups)] : null,
  };
}

/**
 * A large catalogue's home list: the first page `GET tours` answered (in the server's order),
 * grouped as the app groups pages (a city that may go on in the next page held back), the
 * catalogue's total, and the letters `tours/letters` answered for that order.
 */
export function firstCatalogueScreen(
  firstPage: readonly ListedGuide[],
  total: number,
  letters: readonly string[],
): FirstListScreen | null {
  if (!shouldGroupByCity(total)) return null;
  const groups = groupPages(firstPage, firstPage.length >= total);
  if (!groups.length) return null;
  return {
    count: catalogueCountText(total),
    rows: firstRows(groups),
    groups: groups.length,
    letters: letters.filter((l) => ALPHABET.includes(l)),
  };
}
