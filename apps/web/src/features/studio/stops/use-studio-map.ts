import { useCallback, useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapTypeFor } from '@earshot/core';
import { addOfflineBasemap } from '../../../shared/map/offline-basemap';
import { addTileLayers } from '../../../shared/map/tile-layer';
import frame from '../ui/map-frame.module.css';

/** A faint grid that moves with the map: with no tile reachable it still reads as a map. */
const Grid = L.GridLayer.extend({
  createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = frame.gridTile!;
    return tile;
  },
}) as new (o: L.GridLayerOptions) => L.GridLayer;

/** Where the editor's map first looks: its stops, else its route, else the whole world. */
export type StartView = { bounds: L.LatLngBounds } | { centre: L.LatLngExpression; zoom: number };

/**
 * The studio's Leaflet map of a guide's map type, over the land outline and a grid (tiles do
 * not always load), made in the box the returned ref is given and removed with it.
 */
export function useStudioMap(
  mapType: string | undefined,
  start: () => StartView,
): [ref: (box: HTMLDivElement | null) => (() => void) | undefined, map: L.Map | null] {
  const [map, setMap] = useState<L.Map | null>(null);
  const first = useRef(start);
  useEffect(() => {
    first.current = start;
  });
  const ref = useCallback(
    (box: HTMLDivElement | null) => {
      if (!box) return;
      const m = L.map(box, { zoomSnap: 0.5, doubleClickZoom: false });
      const view = first.current();
      if ('bounds' in view) m.fitBounds(view.bounds, { padding: [48, 48], maxZoom: 18 });
      else m.setView(view.centre, view.zoom);
      addOfflineBasemap(m);
      new Grid({ zIndex: 0 }).addTo(m);
      addTileLayers(m, mapTypeFor(mapType), 1);
      setMap(m);
      return () => {
        setMap(null);
        m.remove();
      };
    },
    [mapType],
  );
  return [ref, map];
}
