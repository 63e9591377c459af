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

/** A GeoJSON position: longitude, latitude. */
export type Position = [number, number];

/**
 * Splits a polygon ring that crosses the antimeridian into rings that each stay within
 * longitudes −180…180, so a flat map draws them as two pieces at its edges instead of a
 * band across the whole world. Rings that circle a pole (like Antarctica's, which closes
 * along ±180) and rings that do not cross are returned as they are.
 */
export function splitRingAtAntimeridian(ring: readonly Position[]): Position[][] {
  const copy = () => [ring.map((p) => [...p] as Position)];
  const crosses = ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1]![0]) > 180);
  if (ring.length < 3 || !crosses) return copy();
  // Unwrap: each point within 180° of longitude of the one before it.
  const unwrapped: Position[] = [[ring[0]![0], ring[0]![1]]];
  for (let i = 1; i < ring.length; i++) {
    const prev = unwrapped[i - 1]![0];
    let lng = ring[i]![0];
    while (lng - prev > 180) lng -= 360;
    while (prev - lng > 180) lng += 360;
    unwrapped.push([lng, ring[i]![1]]);
  }
  const first = unwrapped[0]![0];
  const last = unwrapped[unwrapped.length - 1]![0];
  const lngs = unwrapped.map((p) => p[0]);
  const min = Math.min(...lngs);
  const max = Math.max(...lngs);
  if (Math.abs(last - first) > 180 || (min >= -180 && max <= 180)) return copy();
  const pieces: Position[][] = [];
  for (const shift of [0, -360, 360]) {
    if (max + shift <= -180 || min + shift >= 180) continue;
    const shifted = unwrapped.map(([lng, lat]): Position => [lng + shift, lat]);
    const clipped = clipLng(clipLng(shifted, -180, 1), 180, -1);
    if (clipped.length >= 3) pieces.push(close(clipped));
  }
  return pieces;
}

/** Sutherland–Hodgman against one meridian: keeps the side where side · (lng − edge) ≥ 0. */
function clipLng(ring: Position[], edge: number, side: 1 | -1): Position[] {
  const out: Position[] = [];
  const inside = (p: Position) => side * (p[0] - edge) >= 0;
  const cross = (a: Position, b: Position): Position => [
    edge,
    a[1] + ((b[1] - a[1]) * (edge - a[0])) / (b[0] - a[0]),
  ];
  for (let i = 0; i < ring.length; i++) {
    const cur = ring[i]!;
    const prev = ring[(i + ring.length - 1) % ring.length]!;
    if (inside(cur)) {
      if (!inside(prev)) out.push(cross(prev, cur));
      out.push(cur);
    } else if (inside(prev)) out.push(cross(prev, cur));
  }
  return out;
}

function close(ring: Position[]): Position[] {
  const [a, b] = [ring[0]!, ring[ring.length - 1]!];
  return a[0] === b[0] && a[1] === b[1] ? ring : [...ring, [a[0], a[1]]];
}

/** A distance as the app shows it: one decimal under 10 km ("0.3 km"), whole km above. */
export const formatKm = (km: number): string => `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
