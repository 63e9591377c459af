/**
 * The guide's route line (SPEC §3: [lng, lat] pairs) as the publisher edits it: one point a
 * line, written "latitude, longitude" as maps and phones show coordinates.
 */
export type RoutePoint = [lng: number, lat: number];

export function formatRoute(route: readonly RoutePoint[]): string {
  return route.map(([lng, lat]) => `${lat}, ${lng}`).join('\n');
}

export type RouteParse = { route: RoutePoint[]; errors: string[] };

/** Each non-empty line as a point; a line that is not two numbers in range is named. */
export function parseRoute(text: string): RouteParse {
  const route: RoutePoint[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)$/.exec(line);
    const lat = m ? Number(m[1]) : NaN;
    const lng = m ? Number(m[2]) : NaN;
    if (!m) errors.push(`Line ${i + 1}: write a point as "latitude, longitude".`);
    else if (Math.abs(lat) > 90) errors.push(`Line ${i + 1}: a latitude is between -90 and 90.`);
    else if (Math.abs(lng) > 180)
      errors.push(`Line ${i + 1}: a longitude is between -180 and 180.`);
    else route.push([lng, lat]);
  });
  return { route, errors };
}
