import { useState } from 'react';
import { GuideConfirmDialog } from '../../features/guide-confirm/components/guide-confirm-dialog';
import { useGuideSummary } from '../../features/world-map/api/get-guide-summary';
import { WorldMap } from '../../features/world-map/components/world-map';
import { usePageTitle } from '../../shared/lib/page-title';
import { Spinner } from '../../shared/ui/spinner';
import { EmptyState } from '../../shared/ui/empty-state';
import { GlobeIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';

/** /map: the world map; tapping a marker fetches the guide and opens the confirm dialog. */
export function WorldMapRoute() {
  usePageTitle('World map');
  const summary = useGuideSummary();
  const [token, setToken] = useState<string | null>(null);
  if (summary.isPending) return <Spinner label="Loading the map" />;
  if (summary.isError)
    return (
      <EmptyState
        icon={<GlobeIcon size={36} />}
        title="The map could not be loaded"
        action={
          <button type="button" className={buttons.button} onClick={() => void summary.refetch()}>
            Retry
          </button>
        }
      >
        <p>{summary.error.message}</p>
      </EmptyState>
    );
  return (
    <>
      <h1 className="visually-hidden">World map</h1>
      <WorldMap guides={summary.data} onSelectGuide={setToken} />
      <GuideConfirmDialog token={token} onClose={() => setToken(null)} forceComplete />
    </>
  );
}
