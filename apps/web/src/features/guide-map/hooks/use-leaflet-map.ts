import { useCallback, useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { GUIDE_MAP_ZOOM, mapTypeFor, type GuideDetail } from '@earshot/core';
import { afterPaint } from '../../../shared/lib/use-stages';
import { tileLayers } from '../../../shared/map/tile-layer';
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

/**
 * Reads what the first view needs from the page (called before the map is made), and returns
 * what fits the new map's first view to the stops: false when it cannot (no stops, a hidden map).
 */
export type FirstView = (box: HTMLElement) => (map: L.Map) => boolean;

/**
 * The box's size and whatever the first view reads are read before Leaflet adds its panes and
 * controls: on the layout the browser made for the paint just before (no cost), where read after
 * them they forced a new layout of the whole page inside this task
 * (bench/results/2026-11-25-guide-180-kb-and-forced-layouts.md). Leaflet is handed the size (its
 * own cache, which it fills the same way), so the fit reads nothing.
 */
function createMap(box: HTMLElement, guide: GuideDetail, firstView: FirstView): L.Map {
  const size = L.point(box.clientWidth, box.clientHeight);
  const fit = firstView(box);
  const map = L.map(box, {
    zoomControl: true,
    // Half steps: fitting the stops above the carousel wastes less of the screen.
    zoomSnap: 0.5,
    // The map first shows under the splash: tiles fading in would repaint it every frame then.
    fadeAnimation: false,
  });
  // The first view is the one the guide opens on (its stops fitted), set before any layer is
  // added: the tiles load once, for that view, not first for the guide's centre and again.
  Object.assign(map, { _size: size, _sizeChanged: false });
  if (!fit(map)) map.setView(start(guide), GUIDE_MAP_ZOOM);
  return map;
}

/** The grid and the tile layers of the guide's map type, bottom first. */
function guideLayers(guide: GuideDetail): L.GridLayer[] {
  return [new NeutralGrid({ zIndex: 0 }), ...tileLayers(mapTypeFor(guide.map_type), 1)];
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
      let cancelTiles: (() => void) | undefined;
      // Made once the new screen has been laid out and painted: Leaflet reads the box's size
      // (and the fit its frame's), which in the commit that inserted it forced a layout of the
      // whole page inside that task (the guide's longest task on a phone).
      const cancel = afterPaint(() => {
        const made = createMap(box, guide, view.current);
        m = made;
        setMap(made);
        // The tiles in a task of their own, once the map's panes have been laid out and painted:
        // each tile layer reads a new level's size as it starts (Leaflet's `offsetWidth` before a
        // transition), which right after the map was made forced the map's whole layout there.
        // One layer at a time, each after the previous one has painted (each makes a screenful
        // of tiles: together, one long task).
        const add = ([layer, ...rest]: L.Layer[]) => {
          cancelTiles = afterPaint(() => {
            layer!.addTo(made);
            if (rest.length) add(rest);
          });
        };
        add(guideLayers(guide));
      });
      return () => {
        cancel();
        cancelTiles?.();
        if (!m) return;
        setMap(null);
        m.remove();
      };
    },
    [guide],
  );
  return [ref, map];
}
