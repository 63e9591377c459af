import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGuideSummary } from '../../features/world-map/api/get-guide-summary';
import { WorldMap } from '../../features/world-map/components/world-map';
import { usePageTitle } from '../../shared/lib/page-title';
import { MapSkeleton } from '../layout/route-skeleton';
import { EmptyState } from '../../shared/ui/empty-state';
import { GlobeIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';
import { RetryButton } from '../../shared/ui/empty-state';

// The dialog (and the schema that checks a full guide) loads when a marker is first tapped.
const GuideConfirmDialog = lazy(() =>
  import('../../features/guide-confirm/components/guide-confirm-dialog').then((m) => ({
    default: m.GuideConfirmDialog,
  })),
);

/** `/map?lat=…&lng=…&zoom=…` opens at that view (a shared map link); anything invalid is ignored. */
function mapView(params: URLSearchParams) {
  const [lat, lng, zoom] = ['lat', 'lng', 'zoom'].map((k) => Number(params.get(k) ?? NaN));
  const ok = Math.abs(lat!) <= 90 && Math.abs(lng!) <= 180 && zoom! >= 1 && zoom! <= 19;
  return ok ? { lat: lat!, lng: lng!, zoom: Math.round(zoom!) } : undefined;
}

/** /map: the world map; tapping a marker fetches the guide and opens the confirm dialog. */
export function WorldMapRoute() {
  usePageTitle('World map');
  const summary = useGuideSummary();
  const [token, setToken] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const select = (t: string) => {
    setUsed(true);
    setToken(t);
  };
  const view = mapView(useSearchParams()[0]);
  if (summary.isPending) return <MapSkeleton />;
  if (summary.isError)
    return (
      <EmptyState
        icon={<GlobeIcon size={36} />}
        title="The map could not be loaded"
        action={
          <RetryButton error={summary.error} retry={summary.refetch} className={buttons.button} />
        }
      >
        <p>{summary.error.message}</p>
      </EmptyState>
    );
  return (
    <>
      <h1 className="visually-hidden">World map</h1>
      <WorldMap
        guides={summary.data.table}
        large={summary.data.large}
        onSelectGuide={select}
        view={view}
      />
      {used && (
        <Suspense fallback={null}>
          <GuideConfirmDialog
            token={token}
            onClose={() => setToken(null)}
            forceComplete
            entry="map"
          />
        </Suspense>
      )}
    </>
  );
}
