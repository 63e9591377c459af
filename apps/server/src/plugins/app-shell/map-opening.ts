import {
  clusterCountText,
  WORLD_MAP_ZOOM,
  worldPixel,
  type LatLng,
  type OpeningMarker,
} from '@earshot/core';
import { escapeData, fill, put } from './html.js';

/**
 * The world map's opening: its land and markers (dist/.shell/map.json, written by the web
 * app's prerender: apps/web/src/shell/map-shell.tsx).
 */
export type MapTemplates = {
  at: string;
  markers: Record<'markers' | 'x' | 'y' | 'count' | 'landX' | 'landY', string>;
  overlay: string;
  land: string;
  disc: string;
  pin: string;
};

/** The world map's opening: where it opens, and in a large catalogue its first markers. */
export type MapOpening = { centre: LatLng; markers: readonly OpeningMarker[] };

/**
 * The overlay of the map's opening filled in: the land, centred on the map's middle, and the
 * markers (core openingMarkers, offsets from that middle).
 */
export function mapOpeningHtml(t: MapTemplates, opening: MapOpening): string {
  const m = t.markers;
  const middle = worldPixel(opening.centre.lat, opening.centre.lng, WORLD_MAP_ZOOM);
  const land = fill(t.land, {
    [m.landX]: String(Math.round(middle.x)),
    [m.landY]: String(Math.round(middle.y)),
  });
  const each = opening.markers.map((c) =>
    fill(c.count === 1 ? t.pin : t.disc, {
      [m.x]: String(Math.round(c.x)),
      [m.y]: String(Math.round(c.y)),
      [m.count]: escapeData(clusterCountText(c.count)),
    }),
  );
  return put(t.overlay, m.markers, land + each.join(''));
}
