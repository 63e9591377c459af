import { WorldMapSoon } from '../../features/pages/world-map-soon';
import { usePageTitle } from '../../shared/lib/page-title';

export function WorldMapRoute() {
  usePageTitle('World map');
  return <WorldMapSoon />;
}
