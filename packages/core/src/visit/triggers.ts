import type { Poi } from '../contract/api.js';
import { DEFAULT_RADII } from '../constants.js';
import {
  centroid,
  distanceKm,
  effectiveBadgeRadius,
  effectiveNotificationRadius,
  type LatLng,
} from '../util/geo.js';

/** One reading of the position watch; accuracy in metres (1-sigma, as the Geolocation API gives). */
export type Reading = { lat: number; lng: number; accuracy: number; at: number };

export type TriggerPoi = Pick<
  Poi,
  | 'token'
  | 'lat'
  | 'lng'
  | 'autoplay_radius'
  | 'notification_radius'
  | 'badge_radius'
  | 'attract_radius'
  | 'attract_radius_leave_buffer'
>;

/** The location trigger types of SPEC §3 (beacon needs Bluetooth, which the web lacks). */
export type TriggerKind = 'autoplay' | 'notification' | 'badge' | 'attract';

/** In the order a reading's events come out: the stop to play first, then the rest. */
export const TRIGGER_KINDS: readonly TriggerKind[] = [
  'autoplay',
  'notification',
  'badge',
  'attract',
];

/** A trigger that fired: the POI's token and its distance from the reading in metres. */
export type TriggerEvent = { kind: TriggerKind; poi: string; distance: number };

/**
 * Per kind, the tokens of the POIs whose trigger has fired and not re-armed yet. Plain arrays
 * rather than sets so the state can be kept in a store or storage as it is.
 */
export type TriggerState = { readonly [K in TriggerKind]: readonly string[] };

export const initialTriggerState: TriggerState = Object.freeze({
  autoplay: [],
  notification: [],
  badge: [],
  attract: [],
});

export type TriggerOptions = {
  /** Leave buffer (m) for POIs without one of their own, e.g. the guide's; else 50. */
  leaveBuffer?: number;
};

/** Effective radius in metres of one of a POI's triggers; 0 means the trigger is off. */
export function triggerRadius(poi: TriggerPoi, kind: TriggerKind): number {
  switch (kind) {
    // No default for these two: an author turns autoplay or attract off by giving 0.
    case 'autoplay':
      return Math.max(0, poi.autoplay_radius);
    case 'attract':
      return Math.max(0, poi.attract_radius);
    case 'notification':
      return effectiveNotificationRadius(poi.notification_radius) ?? 0;
    case 'badge':
      return effectiveBadgeRadius(poi.badge_radius);
  }
}

const metres = (a: LatLng, b: LatLng) => distanceKm(a, b) * 1000;

/**
 * Feeds one reading through the triggers of the POIs. A trigger fires once when the visitor
 * comes within its radius, then waits until a reading puts them beyond radius + leave buffer:
 * GPS wanders ±15 m even standing still, and a stop must not start over at every wobble.
 * A reading less precise than the distance it would decide (the radius to fire, radius +
 * buffer to re-arm) decides nothing, so an accuracy spike neither fires nor re-arms.
 */
export function stepTriggers(
  pois: readonly TriggerPoi[],
  state: TriggerState,
  reading: Reading,
  options: TriggerOptions = {},
): { state: TriggerState; events: TriggerEvent[] } {
  const fallback =
    options.leaveBuffer !== undefined && options.leaveBuffer > 0
      ? options.leaveBuffer
      : DEFAULT_RADII.attract_radius_leave_buffer;
  const next: Record<TriggerKind, readonly string[]> = { ...state };
  const events: TriggerEvent[] = [];
  for (const kind of TRIGGER_KINDS) {
    const fired = new Set(state[kind]);
    const inside: TriggerEvent[] = [];
    for (const poi of pois) {
      const radius = triggerRadius(poi, kind);
      if (radius <= 0) continue;
      const distance = metres(reading, poi);
      if (fired.has(poi.token)) {
        // The server awards a badge once per visitor and POI: it never needs to fire again.
        if (kind === 'badge') continue;
        const buffer =
          poi.attract_radius_leave_buffer > 0 ? poi.attract_radius_leave_buffer : fallback;
        const away = radius + buffer;
        if (reading.accuracy <= away && distance > away) fired.delete(poi.token);
      } else if (reading.accuracy <= radius && distance <= radius) {
        inside.push({ kind, poi: poi.token, distance });
      }
    }
    inside.sort((a, b) => a.distance - b.distance);
    // One player: of overlapping stops only the nearest plays; the others stay armed and
    // play when the visitor walks on to them.
    const firing = kind === 'autoplay' ? inside.slice(0, 1) : inside;
    for (const event of firing) fired.add(event.poi);
    events.push(...firing);
    next[kind] = [...fired];
  }
  return { state: next, events };
}

export type TriggerGuide = { centroid: [number, number] | null; pois: readonly TriggerPoi[] };

function guideCentre(guide: TriggerGuide): LatLng | null {
  const c = guide.centroid ?? centroid(guide.pois);
  return c ? { lat: c[0], lng: c[1] } : null;
}

/**
 * SPEC §4 says a guide has a trigger at a location if its distance from the centroid is
 * within "the matching maximum radius". The guide as served carries no such maximum, and a
 * POI's radius measured from the centroid would say "far" in the middle of any walk longer
 * than a few dozen metres. So the maximum is read as the farthest from the centroid that any
 * of its POIs' triggers of that kind can fire (metres; 0 when none is on): beyond it watching
 * the position can do nothing, and the app says how far away the guide is instead.
 */
export function guideTriggerReach(guide: TriggerGuide, kind: TriggerKind): number {
  const centre = guideCentre(guide);
  if (!centre) return 0;
  let reach = 0;
  for (const poi of guide.pois) {
    const radius = triggerRadius(poi, kind);
    if (radius > 0) reach = Math.max(reach, metres(centre, poi) + radius);
  }
  return reach;
}

/** Whether a trigger of this kind of any of the guide's POIs can fire at the position. */
export function guideHasTriggerAt(
  guide: TriggerGuide,
  kind: TriggerKind,
  position: LatLng,
): boolean {
  const reach = guideTriggerReach(guide, kind);
  const centre = guideCentre(guide);
  return reach > 0 && centre !== null && metres(centre, position) <= reach;
}
