import { About } from '../../features/pages/about';
import { usePageTitle } from '../../shared/lib/page-title';

export function AboutRoute() {
  usePageTitle('About');
  return <About />;
}
