import L from 'leaflet';
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
  L.geoJSON(feature(topology, topology.objects.land), {
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
