import { NotFound } from '../../features/pages/not-found';
import { usePageTitle } from '../../shared/lib/page-title';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  return <NotFound />;
}
