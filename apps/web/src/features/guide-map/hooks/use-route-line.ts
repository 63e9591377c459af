import { useEffect } from 'react';
import L from 'leaflet';
import styles from '../components/guide-map.module.css';

/** SPEC §2: the guide's route ([lng, lat] points) drawn as a line, on a light casing. */
export function useRouteLine(map: L.Map | null, route: [number, number][]) {
  useEffect(() => {
    if (!map || route.length < 2) return;
    const points = route.map(([lng, lat]) => L.latLng(lat, lng));
    const group = L.layerGroup([
      L.polyline(points, { className: styles.routeCasing, interactive: false, weight: 8 }),
      L.polyline(points, { className: styles.route, interactive: false, weight: 4 }),
    ]).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, route]);
}
