import { DownloadsScreen } from '../../features/downloads/components/downloads-screen';
import { usePageTitle } from '../../shared/lib/page-title';

export function DownloadsRoute() {
  usePageTitle('Downloaded guides');
  return <DownloadsScreen />;
}
