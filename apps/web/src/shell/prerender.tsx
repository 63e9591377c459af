import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes } from '../app/router';
import { SplashShell } from '../features/guide-entry/components/splash-shell';
import { documentTitle, usePageTitleStore } from '../shared/lib/page-title';

export { renderListTemplates } from './list-shell';
export { renderMapTemplates } from './map-shell';

/**
 * Build-time render of one route's shell (run by scripts/prerender.ts, never shipped to the
 * browser): the app as its first render draws it at `url` before any screen code or data has
 * arrived — header, footer, the screen's heading and its skeleton.
 */
export function renderShell(url: string, title: string): { html: string; title: string } {
  usePageTitleStore.setState({ title });
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={url}>
        <AppRoutes shellOnly />
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { html, title: documentTitle(title) };
}

/**
 * The guide page's own splash, with and without the guide's picture (the server picks one and
 * fills in the guide's place and picture): see SplashShell.
 */
export function renderSplashShell(title: string): { image: string; plain: string } {
  return {
    image: renderToStaticMarkup(<SplashShell title={title} image />),
    plain: renderToStaticMarkup(<SplashShell title={title} image={false} />),
  };
}
