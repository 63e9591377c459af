import L from 'leaflet';
import { denseTiles } from '@earshot/core';
import { EMPTY_TILE, TILE_PROVIDERS, type MapType } from './tile-providers';

/**
 * The tile layers of a map type, as every map of the app draws them (the guide's, the world
 * map, the studio's stops map), from `zIndex` up. On a dense screen (decision
 * 0014) imagery takes the next zoom's tiles at half size (Leaflet's detectRetina) and a
 * template with `{r}` asks its host for the @2x tiles (Leaflet fills `{r}` itself); core's
 * denseTiles decides, and the preload saves the same tiles (offlineLayerTiles).
 */
export function tileLayers(type: MapType, zIndex?: number): L.TileLayer[] {
  return TILE_PROVIDERS[type].map((layer, i) =>
    L.tileLayer(layer.url, {
      attribution: layer.attribution,
      maxZoom: layer.maxZoom,
      errorTileUrl: EMPTY_TILE,
      // Leaflet's own test of a dense screen (L.Browser.retina) is the same: a ratio above 1.
      detectRetina: denseTiles(layer, window.devicePixelRatio) === 'zoom',
      ...(zIndex === undefined ? {} : { zIndex: zIndex + i }),
    }),
  );
}

/** The tile layers of a map type added to `map` at once (see tileLayers). */
export function addTileLayers(map: L.Map, type: MapType, zIndex?: number): void {
  for (const layer of tileLayers(type, zIndex)) layer.addTo(map);
}
