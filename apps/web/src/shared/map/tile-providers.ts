import { TILE_LAYERS, tileUrls, type mapTypeFor } from '@earshot/core';

export type MapType = ReturnType<typeof mapTypeFor>;
/** `imagery`: photographs without text (decision 0014: drawn sharp on a dense screen). */
export type TileLayerConfig = {
  url: string;
  attribution: string;
  maxZoom: number;
  imagery: boolean;
};

/**
 * Tile layers per map type (SPEC §3 map-type mapping). Each URL can be replaced at build
 * time by VITE_TILES_ROADMAP, VITE_TILES_SATELLITE, VITE_TILES_TERRAIN and
 * VITE_TILES_HYBRID_LABELS (a template with {z}, {x}, {y} and optionally {s} and {r}, which
 * asks a host for its @2x tiles on a dense screen); the server reads the same variables to
 * allow those hosts in its Content-Security-Policy. Every map makes its layers from these with
 * tile-layer.ts, and the preload saves the tiles they ask for.
 */
const urls = tileUrls(import.meta.env as Record<string, string | boolean | undefined>);
const imagery: TileLayerConfig = {
  url: urls.satellite,
  attribution: 'Imagery © Esri',
  maxZoom: 19,
  imagery: TILE_LAYERS.satellite.imagery,
};

export const TILE_PROVIDERS: Record<MapType, TileLayerConfig[]> = {
  roadmap: [
    {
      url: urls.roadmap,
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      imagery: TILE_LAYERS.roadmap.imagery,
    },
  ],
  satellite: [imagery],
  hybrid: [
    imagery,
    {
      url: urls.hybridLabels,
      attribution: 'Labels © Esri',
      maxZoom: 19,
      imagery: TILE_LAYERS.hybridLabels.imagery,
    },
  ],
  terrain: [
    {
      url: urls.terrain,
      attribution: '© OpenStreetMap contributors, SRTM, © OpenTopoMap',
      maxZoom: 17,
      imagery: TILE_LAYERS.terrain.imagery,
    },
  ],
};

/**
 * A transparent tile for tiles that fail (offline, or no network): the map background shows
 * instead. Vector, so it is never a small picture stretched over 256 px.
 */
export const EMPTY_TILE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='256' height='256'/%3E";
