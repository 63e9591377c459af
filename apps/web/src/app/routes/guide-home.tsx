import { lazy, Suspense } from 'react';
import { PoiCarousel } from '../../features/poi-browse/components/poi-carousel';
import { PoiList } from '../../features/poi-browse/components/poi-list';
import { PoiSearchBar } from '../../features/poi-browse/components/poi-search-bar';
import { PoiDetailOverlay } from '../../features/poi-detail/components/poi-detail-overlay';
import { GuideEntry } from '../../features/guide-entry/components/guide-entry';
import { useBadgesEntry } from '../../features/badges/hooks/use-badges-entry';
import { usePageTitle } from '../../shared/lib/page-title';
import { useGuide } from '../../shared/visit/use-guide';
import { useVisit } from '../../shared/visit/store';
import { Spinner } from '../../shared/ui/spinner';
import { GuideToolbar } from './guide-toolbar';
import styles from './guide.module.css';

// Leaflet is most of the map's weight: its chunk starts loading with this module (in
// parallel with the guide call), not after the screen first renders.
const loadMap = import('../../features/guide-map/components/guide-map');
const GuideMap = lazy(() => loadMap.then((m) => ({ default: m.GuideMap })));

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
  return (
    <>
      <h1 className="visually-hidden">{guide.title}</h1>
      <GuideToolbar search={<PoiSearchBar />} />
      <div className={styles.stage} data-view={view}>
        <div className={styles.mapPane}>
          <Suspense
            fallback={
              <div className={styles.mapWaiting}>
                <Spinner label="Loading the map" />
              </div>
            }
          >
            <GuideMap />
          </Suspense>
          {view === 'carousel' && (
            <div className={styles.carousel}>
              <PoiCarousel />
            </div>
          )}
        </div>
        {view === 'list' && (
          <div className={styles.listPane}>
            <PoiList />
          </div>
        )}
        <PoiDetailOverlay />
      </div>
      <GuideEntry />
    </>
  );
}
