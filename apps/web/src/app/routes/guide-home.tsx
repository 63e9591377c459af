import { lazy, Suspense } from 'react';
import { PoiCarousel } from '../../features/poi-browse/components/poi-carousel';
import { PoiSearchBar } from '../../features/poi-browse/components/poi-search-bar';
import { PoiDetailOverlay } from '../../features/poi-detail/components/poi-detail-overlay';
import { GuideEntry } from '../../features/guide-entry/components/guide-entry';
import { useBadgesEntry } from '../../features/badges/hooks/use-badges-entry';
import { usePageTitle } from '../../shared/lib/page-title';
import { useStages } from '../../shared/lib/use-stages';
import { useGuide } from '../../shared/visit/use-guide';
import { useVisit } from '../../shared/visit/store';
import { Spinner } from '../../shared/ui/spinner';
import { GuideToolbar } from './guide-toolbar';
import styles from './guide.module.css';

// Leaflet is most of the map's weight: its chunk starts loading with this module (in
// parallel with the guide call), not after the screen first renders.
const loadMap = import('../../features/guide-map/components/guide-map');
const GuideMap = lazy(() => loadMap.then((m) => ({ default: m.GuideMap })));
// The list view (with its virtualiser) loads when the visitor first switches to it: the guide
// opens on the carousel, and its first load stays within its budget (e2e/helpers/budgets.ts).
const PoiList = lazy(() =>
  import('../../features/poi-browse/components/poi-list').then((m) => ({ default: m.PoiList })),
);

/**
 * guide-detail-home (SPEC §2): the map panel with the carousel or the list of stops, the
 * POI search, the POI detail overlay, and the entry dialogs (splash, language, banner); a
 * signed-in user is subscribed to the guide and their badges and awards are loaded.
 */
export function GuideHome() {
  const guide = useGuide();
  const view = useVisit((s) => s.view);
  usePageTitle(guide.title);
  useBadgesEntry(guide.token);
  // The screen in steps, each drawn after the one before has painted: the toolbar, the splash
  // (or the language choice), the stops, the map. One render of everything held a phone's main
  // thread for a second (bench/results/2026-11-24-guide-screen-splash-and-split-render.md); the
  // page's own splash (SplashShell) covers the screen until the app's replaces it.
  const stage = useStages(3);
  const mapWaiting = (
    <div className={styles.mapWaiting}>
      <Spinner label="Loading the map" />
    </div>
  );
  return (
    <>
      <h1 className="visually-hidden">{guide.title}</h1>
      <GuideToolbar search={<PoiSearchBar />} />
      <div className={styles.stage} data-view={view}>
        <div className={styles.mapPane}>
          <Suspense fallback={mapWaiting}>{stage >= 3 ? <GuideMap /> : mapWaiting}</Suspense>
          {stage >= 2 && view === 'carousel' && (
            <div className={styles.carousel}>
              <PoiCarousel />
            </div>
          )}
        </div>
        {stage >= 2 && view === 'list' && (
          <div className={styles.listPane}>
            <Suspense fallback={<Spinner label="Loading the stops" />}>
              <PoiList />
            </Suspense>
          </div>
        )}
        {stage >= 2 && <PoiDetailOverlay />}
      </div>
      {stage >= 1 && <GuideEntry />}
    </>
  );
}
