import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes } from '../app/router';
import { documentTitle, usePageTitleStore } from '../shared/lib/page-title';

/**
 * Build-time render of one route's shell (run by scripts/prerender.mjs, never shipped to the
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
