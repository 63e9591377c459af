import { renderToStaticMarkup } from 'react-dom/server';
import { simplifyPoints, WORLD_MAP_ZOOM, worldPixel, type ScreenPoint } from '@earshot/core';
import { landShape } from '../shared/map/land';
import { MapFrame } from '../shared/map/map-frame';
import {
  OpeningLand,
  OpeningMarker,
  OpeningMarkers,
} from '../features/world-map/components/opening-markers';

/**
 * Build-time templates of the world map's opening (run by scripts/prerender.ts, never shipped to
 * the browser): the overlay, the land and the two kinds of marker, with markers where the
 * server puts the map's middle and the opening clusters' offsets and counts (apps/server
 * app-shell/map-opening.ts).
 */
const MARKERS = {
  markers: 'earshotmarkers',
  x: 'earshotmarkerx',
  y: 'earshotmarkery',
  count: 'earshotmarkercount',
  landX: 'earshotlandx',
  landY: 'earshotlandy',
} as const;

/**
 * The land at the world map's opening zoom as an SVG path in world pixels (core worldPixel), on
 * the whole pixels the map draws it on and simplified to a pixel, as the map's outline is drawn
 * (offline-basemap.ts: Leaflet's smoothFactor 1): about 9 KB, 3 KB compressed.
 */
function landPath(): string {
  const rings = landShape().geometry.coordinates.flat();
  return rings
    .map((ring) => {
      const points = ring.map(([lng, lat]): ScreenPoint => {
        const p = worldPixel(lat!, lng!, WORLD_MAP_ZOOM);
        return [Math.round(p.x), Math.round(p.y)];
      });
      const kept = simplifyPoints(points, 1);
      if (kept.length < 4) return '';
      return kept
        .map(([x, y], i) => (i ? `l${x - kept[i - 1]![0]} ${y - kept[i - 1]![1]}` : `M${x} ${y}`))
        .join('')
        .concat('z');
    })
    .join('');
}

export type MapTemplates = {
  markers: typeof MARKERS;
  /** The opening tag of the map's box in the page: the overlay goes right after it. */
  frame: string;
  overlay: string;
  land: string;
  disc: string;
  pin: string;
};

export function renderMapTemplates(): MapTemplates {
  const frame = renderToStaticMarkup(<MapFrame />);
  const marker = (single: boolean) =>
    renderToStaticMarkup(
      <OpeningMarker x={MARKERS.x} y={MARKERS.y} count={MARKERS.count} single={single} />,
    );
  return {
    markers: MARKERS,
    frame: frame.slice(0, frame.indexOf('>') + 1),
    overlay: renderToStaticMarkup(<OpeningMarkers>{MARKERS.markers}</OpeningMarkers>),
    land: renderToStaticMarkup(<OpeningLand x={MARKERS.landX} y={MARKERS.landY} d={landPath()} />),
    disc: marker(false),
    pin: marker(true),
  };
}
