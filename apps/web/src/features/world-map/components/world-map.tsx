import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import {
  DEFAULT_MARKER_COLOR,
  mapTypeFor,
  WORLD_MAP_ZOOM,
  type GuideSummaryTable,
} from '@earshot/core';
import { addTileLayers } from '../../../shared/map/tile-layer';
import { addOfflineBasemap } from '../../../shared/map/offline-basemap';
import { mapFrameClass } from '../../../shared/map/map-frame';
import styles from './world-map.module.css';

// leaflet.markercluster extends the global L.
(window as unknown as { L: typeof L }).L = L;
await import('leaflet.markercluster');

const pin = (count: number) => `
  <svg viewBox="0 0 34 50" width="34" height="50" aria-hidden="true">
    <path d="M17 1C8.2 1 1 8 1 16.8 1 28.5 17 49 17 49s16-20.5 16-32.2C33 8 25.8 1 17 1z"
      fill="#${DEFAULT_MARKER_COLOR}" stroke="#0b3d12" stroke-width="2"/>
    <text x="17" y="22" text-anchor="middle" font-size="13" font-weight="700" fill="#0b3d12">${count}</text>
  </svg>`;

/** Middle of the guides (or of the Atlantic when there are none), so they sit in view at zoom 1. */
function centre(guides: GuideSummaryTable): L.LatLngExpression {
  const list = Object.values(guides);
  if (!list.length) return [25, -30];
  return [
    list.reduce((s, g) => s + g.lat, 0) / list.length,
    list.reduce((s, g) => s + g.lng, 0) / list.length,
  ];
}

type Props = {
  guides: GuideSummaryTable;
  onSelectGuide: (token: string) => void;
  /** A view to open at (a shared map link) instead of the whole world. */
  view?: { lat: number; lng: number; zoom: number };
};

/** The world map: one marker per guide (clustered when dense), on hybrid tiles or a neutral background. */
export function WorldMap({ guides, onSelectGuide, view }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const select = useRef(onSelectGuide);
  useEffect(() => {
    select.current = onSelectGuide;
  }, [onSelectGuide]);

  useEffect(() => {
    const map = L.map(container.current!, {
      center: view ? [view.lat, view.lng] : centre(guides),
      zoom: view?.zoom ?? WORLD_MAP_ZOOM,
      minZoom: 1,
      worldCopyJump: true,
      zoomControl: true,
    });
    addOfflineBasemap(map);
    addTileLayers(map, mapTypeFor('hybrid'));
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
    const name = (el: HTMLElement | undefined, label: string) => {
      el?.setAttribute('role', 'button');
      el?.setAttribute('aria-label', label);
    };
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
    return () => {
      map.remove();
    };
    // The view is where the map opens; moving it later is the visitor's doing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guides]);

  return (
    <div
      ref={container}
      className={`${mapFrameClass} ${styles.map}`}
      role="region"
      aria-label="World map of guides"
    />
  );
}
