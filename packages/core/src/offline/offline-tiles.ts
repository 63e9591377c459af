// The map tiles a preload saves for offline use (SPEC §7): the guide's area and the tiles
// covering it at each zoom, as Leaflet numbers and names them.
import type { GuideDetail } from '../contract/api.js';
import { denseTiles } from './tiles.js';

/** Tiles of the guide's area: zoom levels a walk is looked at with, and how many at most. */
export const OFFLINE_TILE_ZOOMS = [13, 14, 15, 16, 17] as const;
export const OFFLINE_TILE_MAX = 1500;
/**
 * Around the guide's stops and route, per zoom: at 17 enough to see a stop's surroundings,
 * and wider as the tiles grow (each zoom out doubles it), so the map seen at the guide's
 * usual zooms is whole on a desktop screen too, for about the same tile count per zoom.
 */
export const OFFLINE_TILE_MARGIN_M = 400;
export const offlineTileMargin = (z: number) =>
  z >= 17 ? OFFLINE_TILE_MARGIN_M : 1000 * 2 ** (16 - z);
export type Bounds = { south: number; west: number; north: number; east: number };

/** The box around the guide's stops and route line, widened by `marginM` metres. */
export function guideBounds(guide: GuideDetail, marginM = OFFLINE_TILE_MARGIN_M): Bounds | null {
  const points = [
    ...guide.pois.map((p) => [p.lat, p.lng] as const),
    ...guide.route.map(([lng, lat]) => [lat, lng] as const),
  ];
  if (points.length === 0) return null;
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  const dLat = marginM / 111_320;
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const dLng = marginM / (111_320 * Math.max(0.01, Math.cos((midLat * Math.PI) / 180)));
  return {
    south: Math.max(-85, Math.min(...lats) - dLat),
    north: Math.min(85, Math.max(...lats) + dLat),
    west: Math.max(-180, Math.min(...lngs) - dLng),
    east: Math.min(180, Math.max(...lngs) + dLng),
  };
}

export type Tile = { z: number; x: number; y: number };

/** The Web Mercator tile (as Leaflet and every XYZ provider number them) holding a point. */
export function tileAt(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, v));
  return { x: clamp(x), y: clamp(y) };
}

/**
 * The tiles covering `bounds` (or the bounds for each zoom) at each zoom, lowest zoom first.
 * A zoom whose tiles would take the total past `max` is left out with every zoom above it: a
 * big area keeps the overview levels rather than half of a detailed one.
 */
export function tilesFor(
  area: Bounds | ((z: number) => Bounds),
  zooms: readonly number[] = OFFLINE_TILE_ZOOMS,
  max = OFFLINE_TILE_MAX,
): Tile[] {
  const tiles: Tile[] = [];
  for (const z of [...zooms].sort((a, b) => a - b)) {
    const bounds = typeof area === 'function' ? area(z) : area;
    const nw = tileAt(bounds.north, bounds.west, z);
    const se = tileAt(bounds.south, bounds.east, z);
    const count = (se.x - nw.x + 1) * (se.y - nw.y + 1);
    if (tiles.length + count > max) break;
    for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/**
 * A tile's URL from a template, with `{s}` picked as Leaflet picks it and `{r}` filled as it
 * fills it (`@2x` on a dense screen, else nothing), so the map asks for the very URL cached.
 */
export function tileUrl(
  template: string,
  { z, x, y }: Tile,
  { subdomains = 'abc', dense = false }: { subdomains?: string; dense?: boolean } = {},
): string {
  const s = subdomains[Math.abs(x + y) % subdomains.length] ?? '';
  return template
    .replace('{s}', s)
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', dense ? '@2x' : '');
}

/**
 * The URLs of one layer's offline tiles (SPEC §7) on a screen of this pixel ratio: exactly
 * what its map asks for there. For `zoom` layers (detectRetina) the map at zoom z shows the
 * tiles of z + 1, so the same areas are taken one zoom deeper (four times the tiles: fewer
 * zooms fit under `max`).
 */
export function offlineLayerTiles(
  layer: { url: string; imagery: boolean },
  area: (z: number) => Bounds,
  devicePixelRatio: number,
  zooms: readonly number[] = OFFLINE_TILE_ZOOMS,
  max = OFFLINE_TILE_MAX,
): string[] {
  const mode = denseTiles(layer, devicePixelRatio);
  const shift = mode === 'zoom' ? 1 : 0;
  const tiles = tilesFor(
    (z) => area(z - shift),
    zooms.map((z) => z + shift),
    max,
  );
  return tiles.map((t) => tileUrl(layer.url, t, { dense: devicePixelRatio > 1 }));
}
