import { Spinner } from '../../../shared/ui/spinner';
import { DownloadsLayout } from './downloads-layout';

/** The screen before its code and the list of downloads arrive (and the server's page shell). */
export function DownloadsSkeleton() {
  return (
    <DownloadsLayout>
      <Spinner label="Looking for saved guides" />
    </DownloadsLayout>
  );
}
