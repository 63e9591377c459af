import { GuidesHome } from '../../features/guides/components/guides-home';
import { usePageTitle } from '../../shared/lib/page-title';

export function HomeRoute() {
  usePageTitle('Guides');
  return <GuidesHome />;
}
