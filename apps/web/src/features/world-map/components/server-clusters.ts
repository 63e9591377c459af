import L from 'leaflet';
import {
  CLUSTER_MERGE_PX,
  clusterBbox,
  clusterCountText,
  clusterLabel,
  clusterZoomIn,
  mergeNearClusters,
  OPENING_CLUSTERS_BOX,
} from '@earshot/core';
import { dropShellElement, SHELL_MAP_MARKERS } from '../../../shared/lib/shell-handover';
import { getClusters, type Cluster } from '../api/get-clusters';
import { nameMarker, pin } from './pin';
import styles from './world-map.module.css';

/** A pan or zoom settles for this long before the map asks for its clusters. */
export const CLUSTER_DEBOUNCE_MS = 250;

/**
 * A large catalogue's world map (docs/scale-out.md §3): after each move the map asks the
 * server for the clusters of what is in view (the box widened to whole cells, so a small move
 * asks the same URL, answered from the caches), drops a request a newer move made stale, and
 * draws a cluster as a disc with its count (a tap zooms in) and a single guide as a pin (a tap
 * opens it). At the `opening` view it first asks the whole world (OPENING_CLUSTERS_BOX, one URL
 * for every screen): the page preloaded that answer and drew its markers (the server's, in
 * the page's HTML), which give way to the map's own once drawn. Loaded only in a large
 * catalogue. Returns what removes it.
 */
export function showServerClusters(
  map: L.Map,
  onSelectGuide: (token: string) => void,
  onError: (message: string | null) => void,
  opening = false,
): () => void {
  const layer = L.layerGroup().addTo(map);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  const draw = (answer: Cluster[]) => {
    layer.clearLayers();
    const placed = answer.map((c) => ({ ...c, ...map.latLngToLayerPoint([c.lat, c.lng]) }));
    // Discs of neighbouring cells that would overlap are drawn as one.
    for (const c of mergeNearClusters(placed, CLUSTER_MERGE_PX)) {
      const single = c.count === 1 && c.token;
      const marker = single
        ? L.marker([c.lat, c.lng], {
            icon: L.divIcon({
              html: pin(''),
              className: styles.marker,
              iconSize: [34, 50],
              iconAnchor: [17, 49],
            }),
            keyboard: true,
            riseOnHover: true,
          })
        : L.marker([c.lat, c.lng], {
            icon: L.divIcon({
              html: `<span>${clusterCountText(c.count)}</span>`,
              className: styles.cluster,
              iconSize: [44, 44],
            }),
            keyboard: true,
          });
      const open = () =>
        single
          ? onSelectGuide(c.token!)
          : map.setView([c.lat, c.lng], clusterZoomIn(map.getZoom(), map.getMaxZoom()));
      marker.on('add', () => {
        const el = marker.getElement();
        nameMarker(el, clusterLabel(c.count));
        // A role of button answers Enter and Space, as a button does.
        el?.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          open();
        });
      });
      marker.on('click', open);
      layer.addLayer(marker);
    }
    dropShellElement(SHELL_MAP_MARKERS);
  };

  const load = () => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const zoom = Math.round(map.getZoom());
    const b = map.getBounds();
    const box = opening
      ? OPENING_CLUSTERS_BOX
      : clusterBbox(
          { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
          zoom,
        );
    opening = false;
    getClusters(box, zoom, controller.signal).then(
      (clusters) => {
        if (controller.signal.aborted) return;
        onError(null);
        draw(clusters);
      },
      (e: Error) => {
        if (!controller.signal.aborted) onError(e.message);
      },
    );
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(load, CLUSTER_DEBOUNCE_MS);
  };
  // A move that starts drops the answer of the last one still on its way (and the page's
  // markers, which stand for the opening view only).
  const stale = () => {
    inFlight?.abort();
    dropShellElement(SHELL_MAP_MARKERS);
  };

  map.on('movestart', stale);
  map.on('moveend', later);
  load();
  return () => {
    clearTimeout(timer);
    inFlight?.abort();
    map.off('movestart', stale);
    map.off('moveend', later);
    layer.remove();
  };
}
