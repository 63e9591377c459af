/**
 * Map tile URL templates ({z}, {x}, {y}, optionally {s} and Leaflet's {r}: `@2x` on a dense
 * screen) per layer, each replaceable by an environment variable. The web build reads them
 * (Vite exposes VITE_* variables) and the server reads the same names to allow exactly those
 * hosts in its Content-Security-Policy. `imagery`: photographs without text, which a dense
 * screen may take from the next zoom (decision 0014).
 */
export const TILE_LAYERS = {
  roadmap: {
    env: 'VITE_TILES_ROADMAP',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    imagery: false,
  },
  satellite: {
    env: 'VITE_TILES_SATELLITE',
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    imagery: true,
  },
  hybridLabels: {
    env: 'VITE_TILES_HYBRID_LABELS',
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
    imagery: false,
  },
  terrain: {
    env: 'VITE_TILES_TERRAIN',
    url: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
    imagery: false,
  },
} as const;

export type TileLayerName = keyof typeof TILE_LAYERS;

/** The URL template of every tile layer, taking an override from `env` where one is set. */
export function tileUrls(
  env: Record<string, string | boolean | undefined>,
): Record<TileLayerName, string> {
  const pick = (name: TileLayerName) => {
    const v = env[TILE_LAYERS[name].env];
    return typeof v === 'string' && v ? v : TILE_LAYERS[name].url;
  };
  return {
    roadmap: pick('roadmap'),
    satellite: pick('satellite'),
    hybridLabels: pick('hybridLabels'),
    terrain: pick('terrain'),
  };
}

/**
 * CSP sources for tile URL templates: each template's origin, with a `{s}` subdomain
 * placeholder widened to `*.`; relative templates (served by us) need none.
 */
export function tileSources(templates: string[]): string[] {
  const out = new Set<string>();
  for (const t of templates) {
    const m = /^(https?):\/\/([^/?#]+)/i.exec(t);
    if (!m) continue;
    const host = m[2]!.toLowerCase().replace(/^\{s\}\./, '*.');
    if (/[{}\s;,'"]/.test(host)) continue;
    out.add(`${m[1]!.toLowerCase()}://${host}`);
  }
  return [...out].sort();
}

/**
 * Whether `url` is a tile of one of the templates: same scheme, host (any subdomain where the
 * template has `{s}`) and port. The service worker answers those from a downloaded guide.
 */
export function isTileUrl(url: string, templates: readonly string[]): boolean {
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(url)?.[1]?.toLowerCase();
  if (!origin) return false;
  return templates.some((t) => {
    const m = /^(https?:\/\/[^/?#]+)/i.exec(t);
    if (!m) return false;
    const pattern = m[1]!
      .toLowerCase()
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('\\{s\\}', '[a-z0-9-]+')
      .replace('{s}', '[a-z0-9-]+');
    return new RegExp(`^${pattern}$`).test(origin);
  });
}

/**
 * How a tile layer is drawn sharp on a dense screen (decision 0014), as Leaflet does it:
 * - `host`: the template has Leaflet's `{r}`, which a dense screen fills with `@2x` (the host's
 *   512 px tiles, drawn at 256 CSS px), any layer;
 * - `zoom`: imagery without `{r}` gets Leaflet's `detectRetina`: the tiles of the next zoom at
 *   half size (sharper photos; a layer with text would have its labels halved);
 * - `none`: a text layer (roadmap, terrain, labels) without `{r}` keeps its native tiles.
 * `dense` is Leaflet's own test (`L.Browser.retina`): a device pixel ratio above 1.
 */
export type DenseTiles = 'host' | 'zoom' | 'none';
export function denseTiles(
  layer: { url: string; imagery: boolean },
  devicePixelRatio: number,
): DenseTiles {
  if (!(devicePixelRatio > 1)) return 'none';
  if (layer.url.includes('{r}')) return 'host';
  return layer.imagery ? 'zoom' : 'none';
}
