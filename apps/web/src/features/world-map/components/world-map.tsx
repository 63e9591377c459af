import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { mapTypeFor, worldMapCentre, WORLD_MAP_ZOOM, type GuideSummaryTable } from '@earshot/core';
import { addTileLayers } from '../../../shared/map/tile-layer';
import { addOfflineBasemap } from '../../../shared/map/offline-basemap';
import { mapFrameClass } from '../../../shared/map/map-frame';
import {
  adoptShellElement,
  dropShellElement,
  SHELL_MAP_MARKERS,
} from '../../../shared/lib/shell-handover';
import { nameMarker as name, pin } from './pin';
import styles from './world-map.module.css';

// leaflet.markercluster extends the global L.
(window as unknown as { L: typeof L }).L = L;
await import('leaflet.markercluster');

type Props = {
  guides: GuideSummaryTable;
  onSelectGuide: (token: string) => void;
  /** A view to open at (a shared map link) instead of the whole world. */
  view?: { lat: number; lng: number; zoom: number };
  /** A large catalogue's number of guides: the map asks the server for clusters of its view. */
  large?: number | null;
};

/** The world map: one marker per guide (clustered when dense), on hybrid tiles or a neutral background. */
export function WorldMap({ guides, onSelectGuide, view, large = null }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const select = useRef(onSelectGuide);
  useEffect(() => {
    select.current = onSelectGuide;
  }, [onSelectGuide]);

  // The page's opening markers stay over the map until it draws its own (server-clusters.ts).
  useLayoutEffect(() => adoptShellElement(SHELL_MAP_MARKERS, container.current), []);

  useEffect(() => {
    const map = L.map(container.current!, {
      center: view ? [view.lat, view.lng] : worldMapCentre(guides),
      zoom: view?.zoom ?? WORLD_MAP_ZOOM,
      minZoom: 1,
      worldCopyJump: true,
      zoomControl: true,
    });
    addOfflineBasemap(map);
    addTileLayers(map, mapTypeFor('hybrid'));
    if (large !== null) {
      // The clustering by the server loads only in a large catalogue.
      let stop: (() => void) | undefined;
      let gone = false;
      void import('./server-clusters').then((m) => {
        if (!gone) stop = m.showServerClusters(map, (t) => select.current(t), setFailed, !view);
      });
      return () => {
        gone = true;
        stop?.();
        map.remove();
      };
    }
    const clusters = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      iconCreateFunction: (cluster) => {
        const n = cluster.getChildCount();
        return L.divIcon({
          html: `<span>${n}</span>`,
          className: styles.cluster,
          iconSize: [44, 44],
        });
      },
    });
    for (const [token, g] of Object.entries(guides)) {
      const marker = L.marker([g.lat, g.lng], {
        icon: L.divIcon({
          html: pin(g.num_pois),
          className: styles.marker,
          iconSize: [34, 50],
          iconAnchor: [17, 49],
        }),
        title: g.title,
        alt: g.title,
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => select.current(token));
      marker.on('add', () => name(marker.getElement(), g.title));
      clusters.addLayer(marker);
    }
    // Cluster icons: say how many guides they hold.
    map.on('layeradd', (e) => {
      const layer = e.layer as L.Marker & { getChildCount?: () => number };
      if (layer.getChildCount)
        name(layer.getElement(), `${layer.getChildCount()} guides in this area`);
    });
    map.addLayer(clusters);
    // The map has drawn its land and markers: the page's opening (its land) goes.
    dropShellElement(SHELL_MAP_MARKERS);
    return () => {
      map.remove();
    };
    // The view is where the map opens; moving it later is the visitor's doing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guides, large]);

  return (
    <>
      <div
        ref={container}
        className={`${mapFrameClass} ${styles.map}`}
        role="region"
        aria-label="World map of guides"
      />
      {failed && (
        <p className={styles.failed} role="alert">
          The guides on the map could not be loaded: {failed}
        </p>
      )}
    </>
  );
}
