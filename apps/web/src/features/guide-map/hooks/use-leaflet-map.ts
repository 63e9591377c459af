import { useCallback, useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { GUIDE_MAP_ZOOM, mapTypeFor, type GuideDetail } from '@earshot/core';
import { afterPaint } from '../../../shared/lib/use-stages';
import { addTileLayers } from '../../../shared/map/tile-layer';
import styles from '../components/guide-map.module.css';

/**
 * A faint grid that moves with the map, under the tiles: with no tile reachable the markers
 * and the route still sit on something that reads as a map, not a broken page.
 */
const NeutralGrid = L.GridLayer.extend({
  createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = styles.gridTile!;
    return tile;
  },
}) as new (o: L.GridLayerOptions) => L.GridLayer;

/** Where a guide's map opens before it fits its stops: the guide's centre at zoom 15. */
function start(guide: GuideDetail): L.LatLngExpression {
  if (guide.center) return [guide.center.lat, guide.center.lng];
  if (guide.centroid) return guide.centroid;
  const p = guide.pois[0];
  return p ? [p.lat, p.lng] : [0, 0];
}

/** Fits the map's first view to the stops; false when it cannot (no stops, a hidden map). */
export type FirstView = (map: L.Map) => boolean;

function createMap(box: HTMLElement, guide: GuideDetail, firstView: FirstView): L.Map {
  const map = L.map(box, {
    zoomControl: true,
    // Half steps: fitting the stops above the carousel wastes less of the screen.
    zoomSnap: 0.5,
    // The map first shows under the splash: tiles fading in would repaint it every frame then.
    fadeAnimation: false,
  });
  // The first view is the one the guide opens on (its stops fitted), set before any layer is
  // added: the tiles load once, for that view, not first for the guide's centre and again.
  if (!firstView(map)) map.setView(start(guide), GUIDE_MAP_ZOOM);
  return map;
}

/** The grid and the tile layers of the guide's map type. */
function addTiles(map: L.Map, guide: GuideDetail) {
  new NeutralGrid({ zIndex: 0 }).addTo(map);
  addTileLayers(map, mapTypeFor(guide.map_type), 1);
}

/**
 * The Leaflet map of a guide (SPEC §3 map type, over a neutral background), made in the box
 * the returned ref is given and removed with it.
 */
export function useLeafletMap(
  guide: GuideDetail,
  firstView: FirstView,
): [ref: (box: HTMLDivElement | null) => (() => void) | undefined, map: L.Map | null] {
  const [map, setMap] = useState<L.Map | null>(null);
  const view = useRef(firstView);
  useEffect(() => {
    view.current = firstView;
  });
  const ref = useCallback(
    (box: HTMLDivElement | null) => {
      if (!box) return;
      let m: L.Map | undefined;
      let tiles: number | undefined;
      // Made once the new screen has been laid out and painted: Leaflet reads the box's size
      // (and the fit its frame's), which in the commit that inserted it forced a layout of the
      // whole page inside that task (the guide's longest task on a phone, issue 18).
      const cancel = afterPaint(() => {
        const made = createMap(box, guide, view.current);
        m = made;
        setMap(made);
        // The tiles in a task of their own, after the one that made the map (and its markers).
        tiles = window.setTimeout(() => addTiles(made, guide));
      });
      return () => {
        cancel();
        window.clearTimeout(tiles);
        if (!m) return;
        setMap(null);
        m.remove();
      };
    },
    [guide],
  );
  return [ref, map];
}
