import type { mapTypeFor } from '@earshot/core';

export type MapType = ReturnType<typeof mapTypeFor>;
export type TileLayerConfig = { url: string; attribution: string; maxZoom: number };

const env = import.meta.env as Record<string, string | undefined>;

const esriImagery: TileLayerConfig = {
  url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  attribution: 'Imagery © Esri',
  maxZoom: 19,
};

/**
 * Tile layers per map type (SPEC §3 map-type mapping). Each can be replaced at build time:
 * VITE_TILES_ROADMAP, VITE_TILES_SATELLITE, VITE_TILES_TERRAIN and VITE_TILES_HYBRID_LABELS
 * take a URL template with {z}, {x}, {y} (and optionally {s}).
 */
export const TILE_PROVIDERS: Record<MapType, TileLayerConfig[]> = {
  roadmap: [
    {
      url: env.VITE_TILES_ROADMAP ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    },
  ],
  satellite: [{ ...esriImagery, url: env.VITE_TILES_SATELLITE ?? esriImagery.url }],
  hybrid: [
    { ...esriImagery, url: env.VITE_TILES_SATELLITE ?? esriImagery.url },
    {
      url:
        env.VITE_TILES_HYBRID_LABELS ??
        'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
      attribution: 'Labels © Esri',
      maxZoom: 19,
    },
  ],
  terrain: [
    {
      url: env.VITE_TILES_TERRAIN ?? 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors, SRTM, © OpenTopoMap',
      maxZoom: 17,
    },
  ],
};

/** A transparent pixel for tiles that fail (offline, or no network): the map background shows instead. */
export const EMPTY_TILE =
  'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';
