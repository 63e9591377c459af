import { DEFAULT_RADII, EARTH_RADIUS_KM } from './constants.js';

export type LatLng = { lat: number; lng: number };

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, Earth radius 6371 km). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Mean of the points, or null when there are none. */
export function centroid(points: readonly LatLng[]): [number, number] | null {
  if (points.length === 0) return null;
  const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const lng = points.reduce((s, p) => s + p.lng, 0) / points.length;
  return [lat, lng];
}

/** SPEC §3 map type mapping. */
export function mapTypeFor(
  value: string | null | undefined,
): 'roadmap' | 'hybrid' | 'satellite' | 'terrain' {
  switch (value) {
    case 'hybrid':
    case 'satellite':
    case 'terrain':
      return value;
    default:
      return 'roadmap';
  }
}

/** SPEC §5: a badge radius below 1 reads as 50. */
export function effectiveBadgeRadius(r: number | null | undefined): number {
  return r == null || r < 1 ? DEFAULT_RADII.badge_radius : r;
}
/** SPEC §5: a notification radius below 1 (if set) reads as 75. */
export function effectiveNotificationRadius(
  r: number | null | undefined,
): number | null | undefined {
  return r != null && r < 1 ? DEFAULT_RADII.notification_radius : r;
}
