import { createContext, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { matchPath, Route, Routes } from 'react-router';
import type { AppPath } from '@earshot/core';
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
const sign = lazyScreen(() => import('./routes/sign').then((m) => m.SignRoute));
const hunt = lazyScreen(() => import('./routes/hunt').then((m) => m.HuntRoute));
const challenge = lazyScreen(() => import('./routes/challenge').then((m) => m.ChallengeRoute));
const poiChallenge = lazyScreen(() =>
  import('./routes/challenge').then((m) => m.PoiChallengeRoute),
);
const resetPassword = lazyScreen(() =>
  import('./routes/reset-password').then((m) => m.ResetPasswordRoute),
);
/** The tools (SPEC §2 test pages, the theme editor, the studio) load as one module. */
const loadTools = () => import('./routes/tool-routes');
const tools = lazyScreen(() => loadTools().then((m) => m.ToolRoute));
const toolPreload = (pathname: string) => loadTools().then((m) => m.preloadTool(pathname));

/**
 * A list screen opens with its guides: the page's HTML holds the list's first rows (the
 * server's), and the screen's first render draws the same rows in their place, not its loading
 * state (features/guides/preload-list.ts).
 */
const withList =
  (s: { preload: () => Promise<unknown> }, home = false) =>
  () =>
    Promise.all([
      s.preload(),
      // Through the list screens' module: the paged list stays out of the entry.
      preloadListData(() => import('./routes/home').then((m) => m.preloadLargeList(home))),
    ]);

/**
 * Loads the code of the list screens (small) once the app has started, so that going to one
 * later draws it at once: a screen that suspends shows its skeleton, and React then holds
 * the content back for its reveal throttle (300 ms) even when code and data arrive sooner.
 */
export function preloadListScreens(): void {
  for (const s of [home, city, state, search]) void s.preload().catch(() => undefined);
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
const toolScreen = (loading: string) => screen(tools, <Spinner label={loading} />);

type Screen = [element: ReactNode, preload?: (pathname: string) => Promise<unknown>];

/**
 * The screen of each route of SPEC §2 by its path in core APP_ROUTES
 * (docs/decisions/0021-one-route-manifest.md). The table is typed by the manifest's paths, so
 * a route added to it, or a path changed there, is a type error here until its screen is; the
 * paths come in as types only, and every first load is spared the manifest's names. The list
 * and map screens are lazily loaded modules, with the code they load before the first render
 * (preloadScreen); the small static screens (about, 404) come with the entry so their shell
 * is the page.
 */
const SCREENS: Record<AppPath, Screen> = {
  '/': [listScreen(home, <ListSkeleton />), withList(home, true)],
  '/city/:city': [listScreen(city, <PlaceSkeleton kind="city" />), withList(city)],
  '/state/:state': [listScreen(state, <PlaceSkeleton kind="state" />), withList(state)],
  '/search/:search': [listScreen(search, <SearchSkeleton />), withList(search)],
  '/map': [screen(worldMap, <MapSkeleton />), worldMap.preload],
  '/guide/:token/*': [screen(guide, <GuideSkeleton />), guide.preload],
  '/preload/:token': [screen(preloadPage, <PreloadSkeleton />), preloadPage.preload],
  '/downloads': [screen(downloads, <DownloadsSkeleton />), downloads.preload],
  '/hunt/:id': [screen(hunt, <Spinner label="Loading the scavenger hunt" />), hunt.preload],
  '/challenge/:id': [
    screen(challenge, <Spinner label="Loading the challenge" />),
    challenge.preload,
  ],
  '/poi/:poiToken/challenge': [
    screen(poiChallenge, <Spinner label="Loading the challenge" />),
    poiChallenge.preload,
  ],
  '/s/:code': [screen(sign, <Spinner label="Opening the stop" />), sign.preload],
  '/reset-password': [screen(resetPassword, <ResetPasswordSkeleton />), resetPassword.preload],
  '/splash_test': [toolScreen('Loading the test page'), toolPreload],
  '/keypad_test': [toolScreen('Loading the test page'), toolPreload],
  '/guide_list_test': [toolScreen('Loading the test page'), toolPreload],
  '/theme': [toolScreen('Loading the theme editor'), toolPreload],
  '/camera': [toolScreen('Loading the camera'), toolPreload],
  '/landmarker': [toolScreen('Loading the landmark picker'), toolPreload],
  '/studio/*': [toolScreen('Loading the studio'), toolPreload],
  '/about': [<AboutRoute />],
  '*': [<NotFoundRoute />],
};
const ROUTED = Object.entries(SCREENS);

/** Loads the code of the screen at `pathname` (the page has already started fetching it). */
export async function preloadScreen(pathname: string): Promise<void> {
  await ROUTED.find(([path]) => path !== '*' && matchPath(path, pathname))?.[1][1]?.(pathname);
}

export function AppRoutes({ shellOnly = false }: { shellOnly?: boolean }) {
  return (
    <ShellOnly value={shellOnly}>
      <Routes>
        <Route element={<AppLayout />}>
          {ROUTED.map(([path, [element]]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
      </Routes>
    </ShellOnly>
  );
}
