import { APP_ROUTES, type AppRoute } from './app-routes.js';

/**
 * The page each route (APP_ROUTES) is answered with, read at build time by apps/web's
 * prerender and by the server, never by the browser (docs/decisions/0021-one-route-manifest.md):
 * only literals at the top level, so that nothing of it is kept in a bundle that imports none of it.
 */

/** The shells the prerender writes (dist/.shell/{kind}.html): one per route but these. */
export type ShellKind = Exclude<AppRoute, 'poi-challenge'>;

/**
 * Markers the prerender leaves in the page templates and the server fills in (escaped): the
 * title or token from the URL, a guide page's splash and its parts, a list page's loading
 * state (which the server replaces with the list's first rows), and the world map's markers.
 */
export const SHELL_MARKERS = {
  title: '%%EARSHOT_TITLE%%',
  token: '%%EARSHOT_TOKEN%%',
  splash: '<!--%%EARSHOT_SPLASH%%-->',
  splashPlace: '%%EARSHOT_SPLASH_PLACE%%',
  splashImage: '%%EARSHOT_SPLASH_IMAGE%%',
  splashSrcset: '%%EARSHOT_SPLASH_SRCSET%%',
  listStart: '<!--%%EARSHOT_LIST%%-->',
  listEnd: '<!--/%%EARSHOT_LIST%%-->',
  mapMarkers: '<!--%%EARSHOT_MAP_MARKERS%%-->',
} as const;

/**
 * Route parameters the shells are rendered with: their rendered forms become the markers
 * (a place's title, a guide's title and token).
 */
export const SHELL_SAMPLE = 'earshotshellsample';
export const SHELL_SAMPLE_TOKEN = 'earshotshelltoken';

/** The title a guide page has until its guide has loaded (as the web app's guide screen sets it). */
export const GUIDE_LOADING_TITLE = 'Loading the guide';

/** A guide's directory page's title (as apps/web keypad/directory-page.tsx sets it). */
export const directoryTitle = (guideTitle: string) => `Directory · ${guideTitle}`;

/** What the prerender renders a shell with, and preloads on its page. */
export type AppPage = {
  /** The shell it opens on, when another route's (the same markup). */
  shell?: ShellKind;
  /**
   * A URL of the route, with SHELL_SAMPLE or SHELL_SAMPLE_TOKEN for its parameters (the shell
   * is drawn at it); its path when it has none.
   */
  sample?: string;
  /** The title its screen sets for that URL. */
  title?: string;
  /** The screen's lazily loaded module (apps/web/), preloaded with the page. */
  module?: string;
  /** Modules it imports as soon as it runs (fetched with it, not after it). */
  also?: RegExp;
  /** The API calls its screen makes first, in order (preloaded with the page). */
  api?: readonly string[];
  /**
   * What the screen loads when the catalogue is large (docs/scale-out.md §3; listed apart in
   * the boot list, for the server to preload).
   */
  large?: string;
};

const LARGE_LIST = 'src/features/guides/components/large-list.tsx';
const TOURS = '/api/v1/tours';
const GUIDE_API = [
  `/api/v1/tour-by-token/${SHELL_SAMPLE_TOKEN}`,
  // The guide's theme (docs/decisions/0010): asked with the guide, so its colours are there when it draws.
  `/api/v1/guides/${SHELL_SAMPLE_TOKEN}/theme`,
];

/** The page of each route (see above; a route's shell defaults to its own name). */
export const APP_PAGES = {
  home: { title: 'Guides', module: 'src/app/routes/home.tsx', api: [TOURS], large: LARGE_LIST },
  city: {
    sample: `/city/${SHELL_SAMPLE}`,
    title: 'Earshotshellsample',
    module: 'src/app/routes/place.tsx',
    api: [TOURS],
    large: LARGE_LIST,
  },
  state: {
    sample: `/state/${SHELL_SAMPLE}`,
    title: 'EARSHOTSHELLSAMPLE',
    module: 'src/app/routes/place.tsx',
    api: [TOURS],
    large: LARGE_LIST,
  },
  search: {
    sample: `/search/${SHELL_SAMPLE}`,
    title: 'EARSHOTSHELLSAMPLE',
    module: 'src/app/routes/search.tsx',
    api: [TOURS],
  },
  map: {
    title: 'World map',
    module: 'src/app/routes/world-map.tsx',
    api: ['/api/v1/guide-summary'],
    // Imported by the map as soon as it runs: fetched with it, not after it.
    also: /leaflet\.markercluster/,
    large: 'src/features/world-map/components/server-clusters.ts',
  },
  // The server puts the guide's title in place of the sample (SHELL_SAMPLE marks the title).
  guide: {
    sample: `/guide/${SHELL_SAMPLE_TOKEN}`,
    title: SHELL_SAMPLE,
    module: 'src/app/routes/guide.tsx',
    api: GUIDE_API,
    // The map (Leaflet) is imported as soon as the guide screen runs: fetched with it.
    also: /features\/guide-map\/components\/guide-map\.tsx$/,
  },
  about: { title: 'About' },
  downloads: { title: 'Downloaded guides', module: 'src/app/routes/downloads.tsx' },
  'reset-password': { title: 'Reset password', module: 'src/app/routes/reset-password.tsx' },
  // SPEC §2 test tools: the theme editor.
  theme: { title: 'Theme editor', module: 'src/app/routes/theme-editor.tsx' },
  // Scavenger hunt and challenge pages (SPEC §2 /hunt/{id}, /challenge/{id} and
  // /poi/{poi_token}/challenge, which leads to one): their screens load their data by id.
  hunt: { sample: '/hunt/1', title: 'Scavenger hunt', module: 'src/app/routes/hunt.tsx' },
  challenge: {
    sample: '/challenge/1',
    title: 'Challenge',
    module: 'src/app/routes/challenge.tsx',
  },
  'poi-challenge': { shell: 'challenge', sample: `/poi/${SHELL_SAMPLE_TOKEN}/challenge` },
  // A sign's short link: the server redirects a live one; the page is for a gone one (a 404), or offline.
  sign: {
    sample: `/s/${SHELL_SAMPLE_TOKEN}`,
    title: 'Opening the stop',
    module: 'src/app/routes/sign.tsx',
  },
  preload: {
    sample: `/preload/${SHELL_SAMPLE_TOKEN}`,
    title: 'Getting ready',
    module: 'src/app/routes/preload.tsx',
    api: GUIDE_API,
  },
  // Test tools (SPEC §2): the face model's files load from the page itself, not preloaded.
  camera: { title: 'Camera hat', module: 'src/app/routes/camera.tsx' },
  landmarker: { title: 'Landmark picker', module: 'src/app/routes/landmarker.tsx' },
  // The publishers' studio: one page for its screens, which need a signed-in user.
  studio: { sample: '/studio', title: 'Studio', module: 'src/app/routes/studio.tsx' },
  'not-found': { sample: '/earshot/not/found', title: 'Page not found' },
  // SPEC §2 test pages: their data comes with their code (no API call).
  'splash-test': { title: 'Splash test', module: 'src/app/routes/splash-test.tsx' },
  'keypad-test': { title: 'Keypad test', module: 'src/app/routes/keypad-test.tsx' },
  'guide-list-test': { title: 'Guide list test', module: 'src/app/routes/guide-list-test.tsx' },
} as const satisfies Record<AppRoute, AppPage>;

/** A URL of `route`, at which its shell is drawn (see AppPage.sample). */
export const sampleUrl = (route: AppRoute): string =>
  (APP_PAGES[route] as AppPage).sample ?? APP_ROUTES[route];

/** The shell a route opens on. */
export const shellOf = (route: AppRoute): ShellKind =>
  (APP_PAGES[route] as AppPage).shell ?? (route as ShellKind);

/** The shell kinds (dist/.shell/{kind}.html), in the order the prerender writes them. */
export const shellKinds = (): ShellKind[] =>
  (Object.keys(APP_PAGES) as AppRoute[]).filter((k): k is ShellKind => shellOf(k) === k);
