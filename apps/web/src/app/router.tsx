import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';
import { Spinner } from '../shared/ui/spinner';

/** Routes of SPEC §2; each screen is its own lazily loaded module. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <Spinner label="Loading Earshot" />,
    children: [
      {
        index: true,
        lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })),
      },
      {
        path: 'city/:city',
        lazy: () => import('./routes/place').then((m) => ({ Component: m.CityRoute })),
      },
      {
        path: 'state/:state',
        lazy: () => import('./routes/place').then((m) => ({ Component: m.StateRoute })),
      },
      {
        path: 'search/:search',
        lazy: () => import('./routes/search').then((m) => ({ Component: m.SearchRoute })),
      },
      {
        path: 'map',
        lazy: () => import('./routes/world-map').then((m) => ({ Component: m.WorldMapRoute })),
      },
      {
        path: 'preload/:token',
        lazy: () => import('./routes/preload').then((m) => ({ Component: m.PreloadRoute })),
      },
      {
        path: 'about',
        lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutRoute })),
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
]);
