import { lazy, Suspense } from 'react';
import { useVisit } from '../../../shared/visit/store';
import { useSelectedPoi } from '../../../shared/visit/use-guide';
import { loadDetailDialog, PoiCompactCard } from './poi-compact-card';

// The whole detail (tabs, sanitiser) is not part of the guide's first load: the compact card
// starts fetching it as soon as it shows, before the visitor can tap More.
const PoiDetailDialog = lazy(() =>
  loadDetailDialog().then((m) => ({ default: m.PoiDetailDialog })),
);

/**
 * The POI detail over the guide home (SPEC §2 point-detail layouts): nothing when hidden, a
 * card above the carousel when compact, the whole detail in a dialog when modal. The 'full'
 * layout is the POI's own page (PoiFullPage), not an overlay.
 */
export function PoiDetailOverlay() {
  const overlay = useVisit((s) => s.overlay);
  const layout = useVisit((s) => s.detailLayout);
  const poi = useSelectedPoi();
  if (!poi || overlay !== 'poi') return null;
  if (layout === 'compact') return <PoiCompactCard poi={poi} />;
  if (layout === 'modal')
    return (
      <Suspense fallback={null}>
        <PoiDetailDialog poi={poi} />
      </Suspense>
    );
  return null;
}
