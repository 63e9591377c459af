import L from 'leaflet';
import { splitRingAtAntimeridian, type Position } from '@earshot/core';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';
import './offline-basemap.css';

/**
 * A plain land outline (Natural Earth 1:110m, public domain) drawn under the tile layers,
 * so a map without reachable tiles still shows where things are. Tiles that load cover it.
 */
export function addOfflineBasemap(map: L.Map): void {
  const pane = map.createPane('basemap');
  pane.style.zIndex = '150';
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  L.geoJSON(splitLand(feature(topology, topology.objects.land)), {
    pane: 'basemap',
    interactive: false,
    style: {
      stroke: true,
      weight: 0.8,
      color: 'var(--map-coast)',
      fillColor: 'var(--map-land)',
      fillOpacity: 1,
    },
  }).addTo(map);
  map.attributionControl.addAttribution('Outline: Natural Earth');
}

type Polygons = Position[][][];

/** The land as one MultiPolygon whose rings stay within ±180° (see splitRingAtAntimeridian). */
function splitLand(land: GeoJSON.FeatureCollection | GeoJSON.Feature): GeoJSON.Feature {
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
