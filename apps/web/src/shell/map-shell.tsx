import { renderToStaticMarkup } from 'react-dom/server';
import { MapFrame } from '../shared/map/map-frame';
import { OpeningMarker, OpeningMarkers } from '../features/world-map/components/opening-markers';

/**
 * Build-time templates of the world map's opening markers (run by scripts/prerender.mjs, never
 * shipped to the browser): the overlay and its two kinds of marker, with markers where the
 * server puts the opening clusters' offsets and counts (apps/server app-shell.ts).
 */
const MARKERS = {
  markers: 'earshotmarkers',
  x: 'earshotmarkerx',
  y: 'earshotmarkery',
  count: 'earshotmarkercount',
} as const;

export type MapTemplates = {
  markers: typeof MARKERS;
  /** The opening tag of the map's box in the page: the overlay goes right after it. */
  frame: string;
  overlay: string;
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
    disc: marker(false),
    pin: marker(true),
  };
}
