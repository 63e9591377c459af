import L from 'leaflet';
import { landShape } from './land';
import './offline-basemap.css';

/**
 * A plain land outline (Natural Earth 1:110m, public domain) drawn under the tile layers,
 * so a map without reachable tiles still shows where things are. Tiles that load cover it.
 */
export function addOfflineBasemap(map: L.Map): void {
  const pane = map.createPane('basemap');
  pane.style.zIndex = '150';
  L.geoJSON(landShape(), {
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
