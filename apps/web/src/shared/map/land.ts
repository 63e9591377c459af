import { splitRingAtAntimeridian, type Position } from '@earshot/core';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';

/**
 * The world's land (Natural Earth 1:110m, public domain) as one MultiPolygon whose rings stay
 * within ±180°: what the maps draw under their tiles (offline-basemap.ts), and what the world
 * map's page draws before the map has loaded (src/shell/map-shell.tsx, at build time).
 */
export function landShape(): GeoJSON.Feature<GeoJSON.MultiPolygon> {
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  return splitLand(feature(topology, topology.objects.land));
}

type Polygons = Position[][][];

/** The land as one MultiPolygon whose rings stay within ±180° (see splitRingAtAntimeridian). */
function splitLand(
  land: GeoJSON.FeatureCollection | GeoJSON.Feature,
): GeoJSON.Feature<GeoJSON.MultiPolygon> {
  const features = land.type === 'FeatureCollection' ? land.features : [land];
  const polygons: Polygons = [];
  for (const { geometry } of features) {
    const parts =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    for (const [outer, ...holes] of parts as Polygons) {
      const pieces = splitRingAtAntimeridian(outer!).map((ring): Position[][] => [ring]);
      // Holes (the Caspian Sea in Eurasia) go with the piece whose longitudes hold them.
      for (const hole of holes.flatMap(splitRingAtAntimeridian)) {
        const lng = hole[0]![0];
        const home = pieces.find(([ring]) => {
          const lngs = ring!.map((p) => p[0]);
          return lng >= Math.min(...lngs) && lng <= Math.max(...lngs);
        });
        home?.push(hole);
      }
      polygons.push(...pieces);
    }
  }
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'MultiPolygon', coordinates: polygons },
  };
}
