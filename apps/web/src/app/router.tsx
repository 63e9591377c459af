import { createContext, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { matchPath, Route, Routes } from 'react-router';
import { toursQueryOptions } from '../features/guides/api/get-tours';
import { preloadListData } from '../features/guides/preload-list';
import { preloadable } from '../shared/lib/preloadable';
import { AppLayout } from './layout/app-layout';
import { AboutRoute } from './routes/about';
import { NotFoundRoute } from './routes/not-found';
import { Spinner } from '../shared/ui/spinner';
import { DownloadsSkeleton } from '../features/downloads/components/downloads-skeleton';
import { ResetPasswordSkeleton } from '../features/auth/components/reset-password-skeleton';
import {
  GuideSkeleton,
  ListSkeleton,
  MapSkeleton,
  PlaceSkeleton,
  PreloadSkeleton,
  SearchSkeleton,
} from './layout/route-skeleton';

/** Rendering the page shells at build time: every lazy screen stays at its skeleton. */
const ShellOnly = createContext(false);
const never = new Promise<never>(() => {});

/**
 * A screen whose code loads on first use, and can be loaded before the first render (see
 * preloadScreen), so the screen the page opens on draws at once instead of showing its
 * skeleton first.
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  const { Component: Loaded, preload } = preloadable(load);
  function Screen() {
    if (use(ShellOnly)) use(never);
    return <Loaded />;
  }
  return { Screen, preload };
}

const home = lazyScreen(() => import('./routes/home').then((m) => m.HomeRoute));
const city = lazyScreen(() => import('./routes/place').then((m) => m.CityRoute));
const state = lazyScreen(() => import('./routes/place').then((m) => m.StateRoute));
const search = lazyScreen(() => import('./routes/search').then((m) => m.SearchRoute));
const worldMap = lazyScreen(() => import('./routes/world-map').then((m) => m.WorldMapRoute));
const guide = lazyScreen(() => import('./routes/guide').then((m) => m.GuideRoute));
const preloadPage = lazyScreen(() => import('./routes/preload').then((m) => m.PreloadRoute));
const downloads = lazyScreen(() => import('./routes/downloads').then((m) => m.DownloadsRoute));
const hunt = lazyScreen(() => import('./routes/hunt').then((m) => m.HuntRoute));
const challenge = lazyScreen(() => import('./routes/challenge').then((m) => m.ChallengeRoute));
const poiChallenge = lazyScreen(() =>
  import('./routes/challenge').then((m) => m.PoiChallengeRoute),
);
const resetPassword = lazyScreen(() =>
  import('./routes/reset-password').then((m) => m.ResetPasswordRoute),
);
/**
 * Pages no visitor opens (SPEC §2 test pages and tools, the theme editor, the studio), with
 * what their route shows while their code loads: one lazily loaded module holds their routes
 * (routes/tool-routes.tsx), so the entry carries only these paths.
 */
const TOOLS: [path: string, loading: string][] = [
  ['splash_test', 'Loading the test page'],
  ['keypad_test', 'Loading the test page'],
  ['guide_list_test', 'Loading the test page'],
  ['theme', 'Loading the theme editor'],
  ['camera', 'Loading the camera'],
  ['landmarker', 'Loading the landmark picker'],
  ['studio/*', 'Loading the studio'],
];
const loadTools = () => import('./routes/tool-routes');
const tools = lazyScreen(() => loadTools().then((m) => m.ToolRoute));
const toolPage = {
  preload: (pathname: string) => loadTools().then((m) => m.preloadTool(pathname)),
};

/**
 * A list screen opens with its guides: the page's HTML holds the list's first rows (the
 * server's), and the screen's first render draws the same rows in their place, not its loading
 * state (features/guides/preload-list.ts).
 */
const withList = (s: { preload: () => Promise<unknown> }, home = false) => ({
  preload: () =>
    Promise.all([
      s.preload(),
      // Through the list screens' module: the paged list stays out of the entry.
      preloadListData(() => import('./routes/home').then((m) => m.preloadLargeList(home))),
    ]),
});

const LAZY: [string, { preload: (pathname: string) => Promise<unknown> }][] = [
  ['/', withList(home, true)],
  ['/city/:city', withList(city)],
  ['/state/:state', withList(state)],
  ['/search/:search', withList(search)],
  ['/map', worldMap],
  ['/guide/:token/*', guide],
  ['/preload/:token', preloadPage],
  ['/downloads', downloads],
  ['/hunt/:id', hunt],
  ['/challenge/:id', challenge],
  ['/poi/:poiToken/challenge', poiChallenge],
  ['/reset-password', resetPassword],
  ...TOOLS.map(([path]): (typeof LAZY)[number] => [`/${path}`, toolPage]),
];

/**
 * Loads the code of the list screens (small) once the app has started, so that going to one
 * later draws it at once: a screen that suspends shows its skeleton, and React then holds
 * the content back for its reveal throttle (300 ms) even when code and data arrive sooner.
 */
export function preloadListScreens(): void {
  for (const s of [home, city, state, search]) void s.preload().catch(() => undefined);
}

/** Loads the code of the screen at `pathname` (the page has already started fetching it). */
export async function preloadScreen(pathname: string): Promise<void> {
  await LAZY.find(([path]) => matchPath(path, pathname))?.[1].preload(pathname);
}

/**
 * While a screen's code loads it shows its skeleton, the same markup the server sends as the
 * page's shell (scripts/prerender.ts renders these routes), so nothing moves when it arrives.
 */
const screen = ({ Screen }: { Screen: ComponentType }, skeleton: ReactNode) => (
  <Suspense fallback={skeleton}>
    <Screen />
  </Suspense>
);

/** The list screens' data starts loading beside their code, not after it. */
function PrefetchTours() {
  usePrefetchQuery(toursQueryOptions());
  return null;
}
const ToursFirst = () => (use(ShellOnly) ? null : <PrefetchTours />);
const listScreen = (s: { Screen: ComponentType }, skeleton: ReactNode) => (
  <>
    <ToursFirst />
    {screen(s, skeleton)}
  </>
);

/**
 * Routes of SPEC §2, at their paths in core APP_ROUTES (written out here, not imported: the
 * table's names would be bytes on every first load; test/route-manifest.test.tsx checks that
 * each route of the manifest is routed here: docs/decisions/0021-one-route-manifest.md). The
 * list and map screens are lazily loaded modules; the small static screens (about, 404) come
 * with the entry so their shell is the page.
 */
export function AppRoutes({ shellOnly = false }: { shellOnly?: boolean }) {
  return (
    <ShellOnly value={shellOnly}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={listScreen(home, <ListSkeleton />)} />
          <Route path="city/:city" element={listScreen(city, <PlaceSkeleton kind="city" />)} />
          <Route path="state/:state" element={listScreen(state, <PlaceSkeleton kind="state" />)} />
          <Route path="search/:search" element={listScreen(search, <SearchSkeleton />)} />
          <Route path="map" element={screen(worldMap, <MapSkeleton />)} />
          <Route path="guide/:token/*" element={screen(guide, <GuideSkeleton />)} />
          <Route path="preload/:token" element={screen(preloadPage, <PreloadSkeleton />)} />
          <Route path="downloads" element={screen(downloads, <DownloadsSkeleton />)} />
          <Route
            path="hunt/:id"
            element={screen(hunt, <Spinner label="Loading the scavenger hunt" />)}
          />
          <Route
            path="challenge/:id"
            element={screen(challenge, <Spinner label="Loading the challenge" />)}
          />
          <Route
            path="poi/:poiToken/challenge"
            element={screen(poiChallenge, <Spinner label="Loading the challenge" />)}
          />
          <Route path="reset-password" element={screen(resetPassword, <ResetPasswordSkeleton />)} />
          {TOOLS.map(([path, loading]) => (
            <Route key={path} path={path} element={screen(tools, <Spinner label={loading} />)} />
          ))}
          <Route path="about" element={<AboutRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </ShellOnly>
  );
}
