import {
  APP_ROUTES,
  cityTitle,
  isValidPlaceSegment,
  isValidToken,
  matchRoutePath,
  guideTokenFromPath,
  shellOf,
  upperTitle,
  type AppRoute,
  type RouteParams,
  type ShellKind,
} from '@earshot/core';

export type ShellRoute = {
  kind: ShellKind;
  title?: string;
  token?: string;
  place?: string;
  /** Guide pages: the child path after the token (a POI token, `directory`, …), if any. */
  child?: string;
};

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * /guide/{token} and its children (SPEC §2): the token as the API reads it (a trailing
 * encoded space stripped), and a child path that could be a POI token. Which child it is, and
 * whether the guide exists, is for the app to find out: a well-formed URL gets the guide page.
 */
function guideRoute(token: string, rest: string): ShellRoute | null {
  if (rest.includes('/')) return null;
  const t = decode(token);
  const c = rest === '' ? undefined : decode(rest);
  if (t === null || !isValidToken(guideTokenFromPath(t))) return null;
  if (c === null || (c !== undefined && !isValidToken(c))) return null;
  return { kind: 'guide', token: guideTokenFromPath(t), ...(c === undefined ? {} : { child: c }) };
}

/** A place page (city, state, search): its title, and the place as written in the URL. */
function placeRoute(kind: 'city' | 'state' | 'search', segment: string): ShellRoute | null {
  const value = decode(segment);
  if (value === null || !isValidPlaceSegment(value)) return null;
  if (kind === 'search') return { kind, title: upperTitle(value) };
  return { kind, title: kind === 'city' ? cityTitle(value) : upperTitle(value), place: value };
}

const digits = (s: string | undefined) => /^\d+$/.test(s ?? '');

/**
 * Where the server is stricter than the web router's path (APP_ROUTES): a URL its rule turns
 * down is answered with the not-found page (and a 404), and what the page shows from the URL.
 */
const RULES: Partial<Record<AppRoute, (p: RouteParams) => ShellRoute | null>> = {
  city: (p) => placeRoute('city', p['city']!),
  state: (p) => placeRoute('state', p['state']!),
  search: (p) => placeRoute('search', p['search']!),
  guide: (p) => guideRoute(p['token']!, p['*']!),
  preload: (p) => {
    const value = decode(p['token']!);
    return value !== null && isValidToken(value) ? { kind: 'preload', token: value } : null;
  },
  // SPEC §5: hunt and challenge ids are digits.
  hunt: (p) => (digits(p['id']) ? { kind: 'hunt' } : null),
  challenge: (p) => (digits(p['id']) ? { kind: 'challenge' } : null),
  // The studio's screens (docs/studio.md): they load their own data once signed in.
  studio: (p) =>
    ['', 'organisations'].includes(p['*']!) || /^(guides|invitations)\/[^/]+$/.test(p['*']!)
      ? { kind: 'studio' }
      : null,
};

const ROUTES = Object.entries(APP_ROUTES) as [AppRoute, string][];

/**
 * Which page an app route is, with the title or token its page shows (as the web app reads
 * them), and for city and state pages the place as written in the URL.
 */
export function shellRoute(pathname: string): ShellRoute {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [route, pattern] of ROUTES) {
    if (route === 'not-found') continue;
    const params = matchRoutePath(pattern, p);
    if (!params) continue;
    const rule = RULES[route];
    return (rule ? rule(params) : { kind: shellOf(route) }) ?? { kind: 'not-found' };
  }
  return { kind: 'not-found' };
}
