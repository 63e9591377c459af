import type { Badge, Poi, ScavengerHunt } from '../contract/api.js';

/** SPEC §9: map controls sit 40 px from the top, and each further one 10 px after the last. */
export const MAP_CONTROL_OFFSET_PX = 40;
export const MAP_CONTROL_STEP_PX = 10;

/**
 * Top offset (px) of the map control at `step` (0 for the first shown) in a stack of controls
 * `size` px tall: the SPEC offset, then each control below the last with the 10 px step
 * between them. Hidden controls take no step, so the stack has no gaps.
 */
export function mapControlTop(step: number, size: number): number {
  return MAP_CONTROL_OFFSET_PX + step * (size + MAP_CONTROL_STEP_PX);
}

/** SPEC §4 geolocate control states. */
export type GeolocateState = 'DISABLED' | 'ENABLED' | 'LOADING' | 'UNAVAILABLE';

/**
 * What can happen to the geolocate control: the visitor presses it; a position arrives;
 * location access is refused (or the browser has no geolocation); a fix fails for another
 * reason (timeout, no signal: the watch goes on); the permission is granted from elsewhere.
 */
export type GeolocateEvent =
  | { type: 'toggle' }
  | { type: 'position' }
  | { type: 'denied' }
  | { type: 'failed' }
  | { type: 'granted' };

/** The geolocate control's transitions (SPEC §4: UNAVAILABLE when permission is missing). */
export function geolocateReducer(state: GeolocateState, event: GeolocateEvent): GeolocateState {
  switch (event.type) {
    case 'toggle':
      // From UNAVAILABLE a press asks again: the visitor may have allowed it in the settings.
      return state === 'ENABLED' || state === 'LOADING' ? 'DISABLED' : 'LOADING';
    case 'position':
      // A late fix after the visitor turned it off (or after a refusal) changes nothing.
      return state === 'LOADING' || state === 'ENABLED' ? 'ENABLED' : state;
    case 'denied':
      return 'UNAVAILABLE';
    case 'failed':
      return state;
    case 'granted':
      return state === 'UNAVAILABLE' ? 'DISABLED' : state;
  }
}

/** Whether the position is being watched in this state. */
export const geolocateWatching = (state: GeolocateState): boolean =>
  state === 'LOADING' || state === 'ENABLED';

/** Accessible name of the geolocate control in each state. */
export const GEOLOCATE_LABEL: Record<GeolocateState, string> = {
  DISABLED: 'Show my location',
  LOADING: 'Finding your location…',
  ENABLED: 'Hide my location',
  UNAVAILABLE: 'Location unavailable: allow location access to show where you are',
};

/** SPEC §2 texts of the layers control. */
export const NO_LAYERS_TEXT = 'No Layers Selected';
export const ENABLE_ALL_TEXT = 'Enable All';

/** The layers control warns when the guide has layers and none is selected. */
export const noLayersSelected = (layerCount: number, selectedCount: number): boolean =>
  layerCount > 0 && selectedCount === 0;

/** POIs that get a marker (SPEC §2: none for hide_map POIs). */
export const mappedPois = <P extends Pick<Poi, 'hide_map'>>(pois: P[]): P[] =>
  pois.filter((p) => !p.hide_map);

/** Count on the scavenger hunt control: the challenges of all the guide's hunts. */
export const huntChallengeCount = (hunts: Pick<ScavengerHunt, 'challenges'>[]): number =>
  hunts.reduce((n, h) => n + h.challenges.length, 0);

/** Count on the badges control. */
export const badgeCount = (badges: Pick<Badge, 'id'>[]): number => badges.length;

/** Accessible name of a marker: the stop's keypad code and title. */
export const markerLabel = (poi: Pick<Poi, 'title' | 'keypad_code'>): string =>
  poi.keypad_code != null ? `Stop ${poi.keypad_code}: ${poi.title}` : poi.title;

/**
 * Text colour for a "#rrggbb" background: near-black or white, whichever contrasts more
 * (WCAG relative luminance), so a code on any POI colour stays readable.
 */
export function inkOn(hex: string): '#ffffff' | '#111111' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#ffffff';
  const n = parseInt(m[1]!, 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum =
    0.2126 * channel((n >> 16) & 255) +
    0.7152 * channel((n >> 8) & 255) +
    0.0722 * channel(n & 255);
  const white = 1.05 / (lum + 0.05);
  const black = (lum + 0.05) / (0.0056 + 0.05);
  return white >= black ? '#ffffff' : '#111111';
}
