import { createContext, lazy, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { AboutRoute } from './routes/about';
import { NotFoundRoute } from './routes/not-found';
import { PreloadRoute } from './routes/preload';
import { ListSkeleton, MapSkeleton, PlaceSkeleton, SearchSkeleton } from './layout/route-skeleton';

const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const CityRoute = lazy(() => import('./routes/place').then((m) => ({ default: m.CityRoute })));
const StateRoute = lazy(() => import('./routes/place').then((m) => ({ default: m.StateRoute })));
const SearchRoute = lazy(() => import('./routes/search').then((m) => ({ default: m.SearchRoute })));
const WorldMapRoute = lazy(() =>
  import('./routes/world-map').then((m) => ({ default: m.WorldMapRoute })),
);

/** Rendering the page shells at build time: every lazy screen stays at its skeleton. */
const ShellOnly = createContext(false);
const never = new Promise<never>(() => {});
function Lazy({ Screen }: { Screen: ComponentType }) {
  if (use(ShellOnly)) use(never);
  return <Screen />;
}

/**
 * While a screen's code loads it shows its skeleton, the same markup the server sends as the
 * page's shell (scripts/prerender.mjs renders these routes), so nothing moves when it arrives.
 */
const screen = (Screen: ComponentType, skeleton: ReactNode) => (
  <Suspense fallback={skeleton}>
    <Lazy Screen={Screen} />
  </Suspense>
);

/**
 * Routes of SPEC §2. The list and map screens are lazily loaded modules; the small static
 * screens (about, preload placeholder, 404) come with the entry so their shell is the page.
 */
export function AppRoutes({ shellOnly = false }: { shellOnly?: boolean }) {
  return (
    <ShellOnly value={shellOnly}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={screen(HomeRoute, <ListSkeleton />)} />
          <Route path="city/:city" element={screen(CityRoute, <PlaceSkeleton kind="city" />)} />
          <Route path="state/:state" element={screen(StateRoute, <PlaceSkeleton kind="state" />)} />
          <Route path="search/:search" element={screen(SearchRoute, <SearchSkeleton />)} />
          <Route path="map" element={screen(WorldMapRoute, <MapSkeleton />)} />
          <Route path="preload/:token" element={<PreloadRoute />} />
          <Route path="about" element={<AboutRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </ShellOnly>
  );
}
