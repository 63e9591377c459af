/**
 * The app's routes (SPEC §2): the one table the web router, the build-time prerender of the
 * page shells and the server that sends them read (docs/decisions/0021-one-route-manifest.md).
 * Each route has two halves, by who reads them:
 *
 * - APP_ROUTES (here): its path, as the web router matches it. The browser's entry imports
 *   this table, so it holds paths only.
 * - APP_PAGES (app-pages.ts): the page the server answers it with: the shell it opens on, and
 *   what the prerender renders that shell with (a sample URL and title, the screen's module,
 *   its first API calls, what it loads in a large catalogue). Build time and server only.
 *
 * Adding a route: its line in each table (the types ask for the second), its screen in
 * apps/web/src/app/router.tsx and, if the server is stricter than the path, its rule in
 * apps/server/src/plugins/app-shell/route.ts.
 */
export const APP_ROUTES = {
  home: '/',
  city: '/city/:city',
  state: '/state/:state',
  search: '/search/:search',
  map: '/map',
  guide: '/guide/:token/*',
  preload: '/preload/:token',
  downloads: '/downloads',
  hunt: '/hunt/:id',
  challenge: '/challenge/:id',
  'poi-challenge': '/poi/:poiToken/challenge',
  sign: '/s/:code',
  'reset-password': '/reset-password',
  // SPEC §2 test pages and tools, the theme editor and the publishers' studio (docs/studio.md).
  'splash-test': '/splash_test',
  'keypad-test': '/keypad_test',
  'guide-list-test': '/guide_list_test',
  theme: '/theme',
  camera: '/camera',
  landmarker: '/landmarker',
  studio: '/studio/*',
  about: '/about',
  'not-found': '*',
} as const;

export type AppRoute = keyof typeof APP_ROUTES;
/** A route's path: the web router's screens are typed by these (apps/web/src/app/router.tsx). */
export type AppPath = (typeof APP_ROUTES)[AppRoute];

/** The route parameters of a path pattern: `:name` segments, and `*` for the rest. */
export type RouteParams = Record<string, string>;

/**
 * The parameters of `pathname` when it matches `pattern` (APP_ROUTES' form: `:name` is one
 * non-empty segment, a final `*` the rest of the path, possibly empty), else null. Segments
 * compare case-sensitively and are not decoded: the server reads them as it always has.
 */
export function matchRoutePath(pattern: string, pathname: string): RouteParams | null {
  const want = pattern.split('/').slice(1);
  const got = pathname.split('/').slice(1);
  const rest = want.at(-1) === '*';
  const fixed = rest ? want.length - 1 : want.length;
  if (rest ? got.length < fixed : got.length !== fixed) return null;
  const params: RouteParams = {};
  for (let i = 0; i < fixed; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return null;
      params[w.slice(1)] = g;
    } else if (w !== g) return null;
  }
  if (rest) params['*'] = got.slice(fixed).join('/');
  return params;
}
