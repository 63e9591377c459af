import type { GuideDetail, Layer, Poi } from '../contract/api.js';
import { FUSE_BASE, POI_SEARCH_KEYS, SEARCH_MAX_RESULTS } from '../constants.js';

/**
 * SPEC §2: a trailing encoded space in a guide token in a path (a link cut from a text) is
 * stripped, by the API, the server's page shell and the app alike. Here rather than in
 * params.ts, whose chunk every page loads: only the guide's screens need it.
 */
export function guideTokenFromPath(raw: string): string {
  return raw.replace(/(?:%20|\s)+$/u, '');
}

/**
 * The POI with its texts and audio in `language` (the guide's own language when that
 * language has no entry, so a POI is never blank).
 */
export function localizePoi(poi: Poi, language: string | null): Poi {
  const t = language ? poi.translations[language] : undefined;
  if (!t) return poi;
  return {
    ...poi,
    title: t.title,
    subtitle: t.subtitle,
    description: t.description,
    audio_url: t.audio_url,
    audio: t.audio_url,
    audio2: t.audio2,
    transcript: t.transcript,
    language,
  };
}

/** The language a visit uses: the chosen one when the guide offers it, else the guide's own. */
export function visitLanguage(guide: GuideDetail, chosen: string | undefined): string | null {
  if (chosen && guide.languages.some((l) => l.code === chosen)) return chosen;
  return guide.language ?? guide.languages[0]?.code ?? null;
}

/** A guide with languages asks which one before the visit starts (SPEC §2 Guide screen). */
export const needsLanguageChoice = (guide: GuideDetail, chosen: string | undefined): boolean =>
  guide.languages.length > 0 && !guide.languages.some((l) => l.code === chosen);

/** The layers a POI belongs to: its layer and the layer ids in its metadata. */
export function poiLayerIds(poi: Pick<Poi, 'layer_id' | 'metadata'>): number[] {
  const ids = new Set(poi.metadata);
  if (poi.layer_id != null) ids.add(poi.layer_id);
  return [...ids];
}

/**
 * POIs shown with the selected layers. A guide without layers shows every POI; a POI in
 * no layer is always shown (layers only hide what they hold).
 */
export function poisInLayers<P extends Pick<Poi, 'layer_id' | 'metadata'>>(
  pois: P[],
  layers: Pick<Layer, 'id'>[],
  selected: readonly number[],
): P[] {
  if (!layers.length) return pois;
  const on = new Set(selected);
  return pois.filter((p) => {
    const ids = poiLayerIds(p);
    return ids.length === 0 || ids.some((id) => on.has(id));
  });
}

export const CAROUSEL_EMPTY = {
  noLayers: 'All layers are hidden.',
  search: (term: string) => `Search term ${term} returned no results`,
  none: 'No pois available',
} as const;

/** SPEC §2 carousel empty messages, in their order of precedence. */
export function carouselEmptyMessage(opts: {
  layerCount: number;
  selectedLayerCount: number;
  search: string;
}): string {
  if (opts.layerCount > 0 && opts.selectedLayerCount === 0) return CAROUSEL_EMPTY.noLayers;
  if (opts.search.trim()) return CAROUSEL_EMPTY.search(opts.search.trim());
  return CAROUSEL_EMPTY.none;
}

/** Fuse.js options of SPEC §9 for the POI search within a guide. */
export const POI_FUSE_OPTIONS = {
  ...FUSE_BASE,
  keys: POI_SEARCH_KEYS.map((k) => ({ ...k })),
  includeScore: true,
  ignoreLocation: false,
} as const;
export const POI_SEARCH_LIMIT = SEARCH_MAX_RESULTS;

export type MarkerLook =
  | { kind: 'code'; code: number | null }
  | { kind: 'icon'; icon: string }
  | { kind: 'star' }
  | { kind: 'circle' };

/**
 * SPEC §2 map markers: the keypad code on a pin; in guides with a scavenger hunt an icon
 * pin — the POI's icon, else its layer's icon, else a star for challenge POIs, else a circle.
 */
export function markerLook(
  poi: Pick<Poi, 'icon' | 'layer_id' | 'challenge' | 'keypad_code'>,
  layers: Pick<Layer, 'id' | 'icon'>[],
  hasHunt: boolean,
): MarkerLook {
  if (!hasHunt) return { kind: 'code', code: poi.keypad_code };
  if (poi.icon) return { kind: 'icon', icon: poi.icon };
  const layerIcon = layers.find((l) => l.id === poi.layer_id)?.icon;
  if (layerIcon) return { kind: 'icon', icon: layerIcon };
  if (poi.challenge != null) return { kind: 'star' };
  return { kind: 'circle' };
}

/** Hex colour of a POI for bars, borders and markers ("#rrggbb"), with the SPEC default. */
export function poiColor(color: string | null | undefined, fallback = '22ee22'): string {
  return `#${color && /^[0-9a-f]{6}$/i.test(color) ? color : fallback}`;
}
