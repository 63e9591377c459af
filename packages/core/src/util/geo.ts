import { DEFAULT_RADII, EARTH_RADIUS_KM, WORLD_MAP_CENTRE } from '../constants.js';

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

/**
 * Where the world map opens: the middle of its guides (so they sit in view at zoom 1), or of
 * the Atlantic when it has none (a large catalogue's map gets no table).
 */
export function worldMapCentre(guides: Readonly<Record<string, LatLng>>): LatLng {
  const middle = centroid(Object.values(guides));
  return middle ? { lat: middle[0], lng: middle[1] } : { ...WORLD_MAP_CENTRE };
}

const EARTH_RADIUS = 6378137;
const MAX_LATITUDE = 85.0511287798;

/**
 * A place's pixel on the world map at `zoom`, as Leaflet's `project` computes it (spherical
 * Mercator, 256 px tiles): a float; Leaflet rounds it for its layer points.
 */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const d = Math.PI / 180;
  const sin = Math.sin(Math.max(Math.min(MAX_LATITUDE, lat), -MAX_LATITUDE) * d);
  const px = EARTH_RADIUS * lng * d;
  const py = (EARTH_RADIUS * Math.log((1 + sin) / (1 - sin))) / 2;
  const scale = 256 * 2 ** zoom;
  const k = 0.5 / (Math.PI * EARTH_RADIUS);
  return { x: scale * (k * px + 0.5), y: scale * (-k * py + 0.5) };
}

/** A point on screen (px). */
export type ScreenPoint = [number, number];

const sqDist = (a: ScreenPoint, b: ScreenPoint) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/** Squared distance from `p` to the segment `a`–`b`. */
function sqSegmentDist(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return sqDist(p, [a[0] + t * dx, a[1] + t * dy]);
}

/**
 * A line of screen points with fewer points, none of those left out more than `tolerance` px
 * from it (as a map draws an outline at its zoom): points within `tolerance` of the last kept
 * one dropped, then Douglas–Peucker. The first and last points stay.
 */
export function simplifyPoints(points: readonly ScreenPoint[], tolerance: number): ScreenPoint[] {
  if (points.length <= 2) return points.map((p) => [...p] as ScreenPoint);
  const sq = tolerance * tolerance;
  const near: ScreenPoint[] = [points[0]!];
  for (const p of points.slice(1, -1)) if (sqDist(p, near[near.length - 1]!) > sq) near.push(p);
  near.push(points[points.length - 1]!);
  const keep = new Set([0, near.length - 1]);
  const stack: [number, number][] = [[0, near.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let index = -1;
    let max = sq;
    for (let i = first + 1; i < last; i++) {
      const d = sqSegmentDist(near[i]!, near[first]!, near[last]!);
      if (d > max) [index, max] = [i, d];
    }
    if (index === -1) continue;
    keep.add(index);
    stack.push([first, index], [index, last]);
  }
  return near.filter((_, i) => keep.has(i)).map((p) => [...p] as ScreenPoint);
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
