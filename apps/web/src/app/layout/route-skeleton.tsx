import { useParams } from 'react-router';
import { cityTitle, upperTitle } from '@earshot/core';
import { ListSkeleton as GuideListSkeleton } from '../../features/guides/components/list-skeleton';
import { MapFrame } from '../../shared/map/map-frame';
import { SHELL_MAP_MARKERS } from '../../shared/lib/shell-handover';
import { Spinner } from '../../shared/ui/spinner';
import styles from './route-skeleton.module.css';

/** The home screen's heading, shared by its skeleton and the screen itself. */
export const HOME_HEADING = 'Audio walks through art and history';

export const ListSkeleton = () => <GuideListSkeleton heading={HOME_HEADING} />;

export function PlaceSkeleton({ kind }: { kind: 'city' | 'state' }) {
  const value = useParams()[kind] ?? '';
  return <GuideListSkeleton heading={kind === 'city' ? cityTitle(value) : upperTitle(value)} />;
}

export function SearchSkeleton() {
  return <GuideListSkeleton heading={upperTitle(useParams().search ?? '')} />;
}

/**
 * The map screen while Leaflet and the guides load: its frame, so the map fills it in place,
 * with a word on what is coming.
 */
export function MapSkeleton() {
  return (
    <>
      <h1 className="visually-hidden">World map</h1>
      <MapFrame shellPart={SHELL_MAP_MARKERS}>
        <div className={styles.mapNote}>
          <Spinner label="Loading the map" />
          <p>Every guide on one map: tap a marker to start a walk.</p>
        </div>
      </MapFrame>
    </>
  );
}

/** The guide screen while its code and the guide load: toolbar, map area and player bar. */
export function GuideSkeleton() {
  return (
    <div className={styles.guide}>
      <div className={styles.guideToolbar} />
      <div className={styles.guideStage}>
        <Spinner label="Loading the guide" />
      </div>
    </div>
  );
}

/** The preload screen while its code and the guide load: its dark stage with a spinner. */
export function PreloadSkeleton() {
  return (
    <div className={styles.preload}>
      <Spinner label="Getting the guide ready" />
    </div>
  );
}
