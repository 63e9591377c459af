import { useEffect } from 'react';
import L from 'leaflet';
import { ATTENTION_LABELS, attentionLevel, type InsightStop } from '@earshot/core';
import { bindTextTooltip } from '../../../shared/map/text-overlays';
import { useStudioMap, type StartView } from '../stops/use-studio-map';
import styles from './attention-map.module.css';

function startView(stops: InsightStop[]): StartView {
  if (stops.length === 1) return { centre: [stops[0]!.lat, stops[0]!.lng], zoom: 17 };
  if (stops.length > 1) return { bounds: L.latLngBounds(stops.map((s) => [s.lat, s.lng])) };
  return { centre: [20, 0], zoom: 2 };
}

/**
 * The stops on the guide's map, each a disc with its number coloured by attention (its visits
 * against the busiest stop's), over the land outline when tiles do not load. A stop's figures
 * show on hover and on keyboard focus; the table beside it holds the same.
 */
export function AttentionMap({ stops, mapType }: { stops: InsightStop[]; mapType?: string }) {
  const [ref, map] = useStudioMap(mapType, () => startView(stops));
  useEffect(() => {
    if (!map) return;
    const most = Math.max(0, ...stops.map((s) => s.visits));
    const group = L.layerGroup().addTo(map);
    for (const s of stops) {
      const level = attentionLevel(s.visits, most);
      const text = `Stop ${s.order}, ${s.title}: ${s.visits} ${s.visits === 1 ? 'visit' : 'visits'}, ${s.listeners} ${s.listeners === 1 ? 'listener' : 'listeners'}, attention ${ATTENTION_LABELS[level].toLowerCase()}`;
      const marker = L.marker([s.lat, s.lng], {
        icon: L.divIcon({
          className: styles.dot!,
          html: `<span data-level="${level}" aria-hidden="true">${s.order}</span>`,
          iconSize: [34, 34],
        }),
        keyboard: true,
        title: text,
      }).addTo(group);
      bindTextTooltip(marker, text, { direction: 'top', offset: [0, -16] });
      const el = marker.getElement();
      if (el) {
        el.setAttribute('aria-label', text);
        el.setAttribute('role', 'img');
        el.addEventListener('focus', () => marker.openTooltip());
        el.addEventListener('blur', () => marker.closeTooltip());
      }
    }
    return () => {
      group.remove();
    };
  }, [map, stops]);
  return (
    <div className={styles.mapFrame}>
      <div
        ref={ref}
        className={styles.map}
        role="region"
        aria-label="Map of the stops coloured by attention"
      />
    </div>
  );
}

/** The colours of the map's discs and what they mean. */
export function AttentionLegend() {
  return (
    <ul className={styles.legend} aria-label="Attention">
      {ATTENTION_LABELS.map((label, level) => (
        <li key={label}>
          <span className={styles.swatch} data-level={level} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
