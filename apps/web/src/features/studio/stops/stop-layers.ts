import L from 'leaflet';
import { pointEast, stopRadii, type DraftStop, type GuideBundleInput } from '@earshot/core';
import styles from './stops-map.module.css';

export type StopLayerActions = {
  select: (index: number) => void;
  move: (index: number, at: { lat: number; lng: number }) => void;
  resize: (index: number, edge: 'autoplay' | 'leave', metres: number) => void;
};

/** A stop's pin: its place in the tour in the head, the selected one larger. */
function pinIcon(n: number, selected: boolean, invalid: boolean): L.DivIcon {
  const size = selected ? 48 : 38;
  return L.divIcon({
    className: `${styles.pin}${selected ? ` ${styles.selected}` : ''}${invalid ? ` ${styles.invalid}` : ''}`,
    html:
      `<svg viewBox="0 0 40 50" aria-hidden="true" focusable="false"><path d="M20 48.5S3.5 31.5 3.5 19.5a16.5 16.5 0 0 1 33 0C36.5 31.5 20 48.5 20 48.5z"/></svg>` +
      `<span aria-hidden="true">${n}</span>`,
    iconSize: [size, (size * 5) / 4],
    iconAnchor: [size / 2, (size * 5) / 4],
  });
}

const handleIcon = (edge: 'autoplay' | 'leave') =>
  L.divIcon({
    className: `${styles.handle} ${edge === 'leave' ? styles.leaveHandle : ''}`,
    html: '<span></span>',
    iconSize: [28, 28],
  });

/**
 * Draws the stops on the map: a draggable pin each, its autoplay circle and leave circle
 * (autoplay + buffer), and on the selected stop a handle on each circle's edge. Pins and
 * handles only report where they were dropped; the draft changes once, on release.
 */
export function drawStops(
  map: L.Map,
  draft: GuideBundleInput,
  selected: number | null,
  invalid: (index: number) => boolean,
  title: (stop: DraftStop) => string,
  act: StopLayerActions,
): L.LayerGroup {
  const group = L.layerGroup().addTo(map);
  (draft.pois ?? []).forEach((stop, i) => {
    const centre = L.latLng(stop.lat, stop.lng);
    const radii = stopRadii(stop, draft.guide);
    const isSelected = i === selected;
    const circle = (radius: number, className: string) =>
      L.circle(centre, { radius, className, interactive: false }).addTo(group);
    const leave = circle(radii.autoplay + radii.leaveBuffer, styles.leaveCircle!);
    const autoplay = radii.autoplay > 0 ? circle(radii.autoplay, styles.autoplayCircle!) : null;
    if (isSelected) {
      leave.getElement()?.classList.add(styles.active!);
      autoplay?.getElement()?.classList.add(styles.active!);
    }

    const handles: { marker: L.Marker; radius: () => number }[] = [];
    if (isSelected) {
      const addHandle = (edge: 'autoplay' | 'leave', c: L.Circle) => {
        const at = pointEast(centre, c.getRadius());
        const handle = L.marker([at.lat, at.lng], {
          icon: handleIcon(edge),
          draggable: true,
          keyboard: false,
          title:
            edge === 'autoplay'
              ? 'Drag to change the autoplay radius'
              : 'Drag to change the leave buffer',
          zIndexOffset: 1000,
        }).addTo(group);
        handle.on('drag', () => c.setRadius(map.distance(centre, handle.getLatLng())));
        handle.on('dragend', () => act.resize(i, edge, map.distance(centre, handle.getLatLng())));
        handles.push({ marker: handle, radius: () => c.getRadius() });
      };
      if (autoplay) addHandle('autoplay', autoplay);
      addHandle('leave', leave);
    }

    const label = `Stop ${i + 1}: ${title(stop)}`;
    const pin = L.marker(centre, {
      icon: pinIcon(i + 1, isSelected, invalid(i)),
      draggable: true,
      keyboard: true,
      title: label,
      zIndexOffset: isSelected ? 500 : 0,
      riseOnHover: true,
    }).addTo(group);
    const el = pin.getElement();
    if (el) {
      el.setAttribute('aria-label', `${label}${isSelected ? ' (selected)' : ''}`);
      el.dataset.stop = stop.token;
      el.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          act.select(i);
        }
      });
    }
    pin.on('click', () => act.select(i));
    // While a pin moves its circles and handles go with it.
    pin.on('drag', () => {
      const at = pin.getLatLng();
      leave.setLatLng(at);
      autoplay?.setLatLng(at);
      for (const h of handles) {
        const p = pointEast(at, h.radius());
        h.marker.setLatLng([p.lat, p.lng]);
      }
    });
    pin.on('dragend', () => {
      const at = pin.getLatLng();
      act.move(i, { lat: at.lat, lng: at.lng });
    });
  });
  return group;
}
