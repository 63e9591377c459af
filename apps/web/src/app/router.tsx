import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';

/** Routes of SPEC §2; each screen is its own lazily loaded module. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })),
      },
      {
        path: 'map',
        lazy: () => import('./routes/world-map').then((m) => ({ Component: m.WorldMapRoute })),
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
