import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { userIcon } from '../lib/marker-icon';
import styles from '../components/guide-map.module.css';
import type { Fix } from './use-geolocate';

/** The visitor's position on the map: a dot and a circle as wide as the fix is uncertain. */
export function useUserPosition(map: L.Map | null, fix: Fix | null) {
  const layers = useRef<{ circle: L.Circle; dot: L.Marker } | null>(null);
  const on = map !== null && fix !== null;
  useEffect(() => {
    if (!map || !on) return;
    const circle = L.circle([0, 0], { radius: 1, className: styles.accuracy, interactive: false });
    const dot = L.marker([0, 0], {
      icon: userIcon(),
      interactive: false,
      keyboard: false,
      zIndexOffset: 2000,
    });
    layers.current = { circle, dot };
    return () => {
      layers.current = null;
      circle.remove();
      dot.remove();
    };
  }, [map, on]);

  useEffect(() => {
    const l = layers.current;
    if (!map || !l || !fix) return;
    l.circle.setLatLng([fix.lat, fix.lng]).setRadius(fix.accuracy);
    l.dot.setLatLng([fix.lat, fix.lng]);
    if (!map.hasLayer(l.dot)) {
      l.circle.addTo(map);
      l.dot.addTo(map);
      const el = l.dot.getElement()!;
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', 'Your location');
    }
  }, [map, fix]);
}
