import {
  ALPHABET,
  FUSE_BASE,
  GROUP_BY_CITY_ABOVE,
  GUIDE_SEARCH_KEYS,
  SEARCH_MAX_RESULTS,
} from '../constants.js';

/** Rules of the guide list screen (SPEC §2 "Guide list screen", §4 sort, §9 limits). */

export type SortKey = 'city' | 'state';
export type ListSort = { by: SortKey; ascending: boolean };
export const DEFAULT_SORT: ListSort = { by: 'city', ascending: true };

type ListedGuide = { title: string; city: { id: number; name: string; state: string } };
export type CityGroup<G extends ListedGuide> = {
  key: string;
  cityId: number;
  city: string;
  state: string;
  guides: G[];
};

/** More than 20 guides are grouped by city; 20 or fewer show as a flat list. */
export function shouldGroupByCity(count: number): boolean {
  return count > GROUP_BY_CITY_ABOVE;
}

/** Selecting the same header again flips the direction; another header sorts ascending by it. */
export function nextSort(current: ListSort, header: SortKey): ListSort {
  return current.by === header
    ? { by: header, ascending: !current.ascending }
    : { by: header, ascending: true };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Groups guides by city, sorted by city name or by state (then city), guides by title. */
export function groupByCity<G extends ListedGuide>(
  guides: readonly G[],
  sort: ListSort = DEFAULT_SORT,
): CityGroup<G>[] {
  const groups = new Map<number, CityGroup<G>>();
  for (const g of guides) {
    let group = groups.get(g.city.id);
    if (!group) {
      group = {
        key: `city-${g.city.id}`,
        cityId: g.city.id,
        city: g.city.name,
        state: g.city.state,
        guides: [],
      };
      groups.set(g.city.id, group);
    }
    group.guides.push(g);
  }
  const list = [...groups.values()];
  for (const group of list) group.guides.sort((a, b) => collator.compare(a.title, b.title));
  const dir = sort.ascending ? 1 : -1;
  return list.sort((a, b) => {
    const primary =
      sort.by === 'state' ? collator.compare(a.state, b.state) : collator.compare(a.city, b.city);
    return (
      dir * (primary || collator.compare(a.city, b.city) || collator.compare(a.state, b.state))
    );
  });
}

/** Sorts a flat list the same way: by city or state, then title. */
export function sortGuides<G extends ListedGuide>(
  guides: readonly G[],
  sort: ListSort = DEFAULT_SORT,
): G[] {
  const dir = sort.ascending ? 1 : -1;
  return [...guides].sort((a, b) => {
    const primary =
      sort.by === 'state'
        ? collator.compare(a.city.state, b.city.state)
        : collator.compare(a.city.name, b.city.name);
    return (
      dir * (primary || collator.compare(a.city.name, b.city.name)) ||
      collator.compare(a.title, b.title)
    );
  });
}

const initial = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toLowerCase();

/**
 * Index of the group the alphabet bar jumps to for `letter`: the first city starting with
 * it (in the list's current order), else the nearest city after it in that order; -1 for none.
 */
export function alphabetJumpIndex(groups: readonly { city: string }[], letter: string): number {
  const l = letter.toLowerCase();
  const exact = groups.findIndex((g) => initial(g.city) === l);
  if (exact !== -1) return exact;
  const rank = ALPHABET.indexOf(l);
  if (rank === -1) return -1;
  const ascending =
    groups.length < 2 || collator.compare(groups[0]!.city, groups[groups.length - 1]!.city) <= 0;
  const after = groups.findIndex((g) => {
    const r = ALPHABET.indexOf(initial(g.city));
    return ascending ? r > rank : r < rank && r !== -1;
  });
  return after;
}

/** Letters that have at least one city (to show the others as disabled). */
export function lettersWithCities(groups: readonly { city: string }[]): Set<string> {
  return new Set(groups.map((g) => initial(g.city)).filter((c) => ALPHABET.includes(c)));
}

/** Fuse.js options for guide search, exactly as SPEC §9 gives them. */
export const guideSearchOptions = {
  ...FUSE_BASE,
  keys: GUIDE_SEARCH_KEYS.map((k) => ({ ...k })),
  includeScore: true,
  ignoreLocation: false,
  shouldSort: true,
} as const;
export const GUIDE_SEARCH_LIMIT = SEARCH_MAX_RESULTS;

/** Title of a city page: the city name capitalised. */
export function cityTitle(city: string): string {
  return city.charAt(0).toUpperCase() + city.slice(1);
}
/** Title of a state or search page: upper-cased. */
export function upperTitle(s: string): string {
  return s.toUpperCase();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The words of an HTML description, for the search index (tags dropped, common entities decoded). */
export function searchText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/gi, (m, e: string) =>
      e.startsWith('#') ? codePoint(Number(e.slice(1)), m) : (ENTITIES[e.toLowerCase()] ?? m),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

function codePoint(n: number, fallback: string): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;
}

/** The parts of a guide the search reads (SPEC §9 keys). */
export type GuideSearchSource = { title: string; city: { name: string }; description: string };

/** What the guide search indexes for one guide: the SPEC §9 keys, the description as text. */
export function guideSearchDoc(g: GuideSearchSource): GuideSearchSource {
  return { title: g.title, city: { name: g.city.name }, description: searchText(g.description) };
}

/** One search match: the document's index in the searched list and its Fuse score. */
export type SearchHit = { refIndex: number; score: number };

/**
 * Merges hits from searches over consecutive parts of one list into what one search over the
 * whole list gives: best score first, ties in list order, at most `limit`.
 */
export function mergeSearchHits(
  parts: readonly (readonly SearchHit[])[],
  limit: number,
): SearchHit[] {
  return parts
    .flat()
    .sort((a, b) => a.score - b.score || a.refIndex - b.refIndex)
    .slice(0, limit);
}
