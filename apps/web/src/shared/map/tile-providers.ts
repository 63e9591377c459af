import { tileUrls, type mapTypeFor } from '@earshot/core';

export type MapType = ReturnType<typeof mapTypeFor>;
export type TileLayerConfig = { url: string; attribution: string; maxZoom: number };

/**
 * Tile layers per map type (SPEC §3 map-type mapping). Each URL can be replaced at build
 * time by VITE_TILES_ROADMAP, VITE_TILES_SATELLITE, VITE_TILES_TERRAIN and
 * VITE_TILES_HYBRID_LABELS (a template with {z}, {x}, {y} and optionally {s}); the server
 * reads the same variables to allow those hosts in its Content-Security-Policy.
 */
const urls = tileUrls(import.meta.env as Record<string, string | boolean | undefined>);
const imagery: TileLayerConfig = {
  url: urls.satellite,
  attribution: 'Imagery © Esri',
  maxZoom: 19,
};

export const TILE_PROVIDERS: Record<MapType, TileLayerConfig[]> = {
  roadmap: [{ url: urls.roadmap, attribution: '© OpenStreetMap contributors', maxZoom: 19 }],
  satellite: [imagery],
  hybrid: [imagery, { url: urls.hybridLabels, attribution: 'Labels © Esri', maxZoom: 19 }],
  terrain: [
    {
      url: urls.terrain,
      attribution: '© OpenStreetMap contributors, SRTM, © OpenTopoMap',
      maxZoom: 17,
    },
  ],
};

/**
 * A transparent tile for tiles that fail (offline, or no network): the map background shows
 * instead. Vector, so it is never a small picture stretched over 256 px.
 */
export const EMPTY_TILE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='256' height='256'/%3E";
