import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import {
  challengeStar,
  markerLabel,
  markerLook,
  poiColor,
  type Layer,
  type Poi,
} from '@earshot/core';
import { bindTextTooltip, keepTooltipInView } from '../../../shared/map/text-overlays';
import { FlatMarker } from '../lib/flat-marker';
import { markerIcon } from '../lib/marker-icon';
import styles from '../components/guide-map.module.css';

type Entry = { marker: L.Marker; icon: (selected: boolean) => L.DivIcon };
type Entries = Map<string, Entry>;

/** Markers added or removed per task: hundreds of stops change without one long task. */
const CHUNK = 25;
/** The token each set of markers shows highlighted. */
const highlighted = new WeakMap<Entries, string | null>();

const current = (el: HTMLElement, on: boolean) =>
  on ? el.setAttribute('aria-current', 'true') : el.removeAttribute('aria-current');

type Options = {
  /** The POIs that get a marker (no hide_map ones), in the visit language. */
  pois: Poi[];
  /** Tokens of the POIs the selected layers show. */
  visible: ReadonlySet<string>;
  layers: Layer[];
  /** Whether the guide has a scavenger hunt (null until known: markers wait for it). */
  hasHunt: boolean | null;
  /** The challenges the user has answered: their stops' stars are grey (SPEC §2, §4). */
  answered: ReadonlySet<number>;
  selected: string | null;
  onActivate: (token: string, byKeyboard: boolean) => void;
};

/**
 * The POI markers of SPEC §2: built once per guide, language and look; shown or hidden with
 * the layers; the selected one highlighted by changing two icons, not redrawing all.
 * Returns the markers by POI token (null until built).
 */
export function useMarkers(map: L.Map | null, o: Options): Map<string, L.Marker> | null {
  const activate = useRef(o.onActivate);
  useEffect(() => {
    activate.current = o.onActivate;
  });

  const { pois, layers, hasHunt, answered } = o;
  // Leaflet markers are plain objects until added to a map: building them here draws nothing.
  const entries = useMemo(() => {
    if (hasHunt === null) return null;
    const built: Entries = new Map();
    for (const poi of pois) {
      const look = markerLook(poi, layers, hasHunt);
      const color = poiColor(poi.color);
      const star = challengeStar(poi, answered);
      const icon = (selected: boolean) => markerIcon(look, poi.keypad_code, color, selected, star);
      const marker = new FlatMarker([poi.lat, poi.lng], {
        icon: icon(false),
        keyboard: true,
        riseOnHover: true,
      });
      // The title as text: Leaflet would put a string in as HTML (docs/security.md).
      keepTooltipInView(
        bindTextTooltip(marker, poi.title, {
          direction: 'top',
          className: styles.tooltip,
          opacity: 1,
        }),
      );
      marker.on('add', () => {
        const el = marker.getElement()!;
        el.setAttribute('aria-label', markerLabel(poi));
        current(el, highlighted.get(built) === poi.token);
      });
      built.set(poi.token, { marker, icon });
    }
    return built;
  }, [pois, layers, hasHunt, answered]);

  // Markers answer a click or Enter (and Space, as a button does) while their set is in use,
  // and leave the map whole when it is replaced (a new language or look).
  useEffect(() => {
    if (!map || !entries) return;
    const handlers = [...entries].map(([token, { marker }]) => {
      const on = {
        click: () => activate.current(token, false),
        keypress: (e: L.LeafletEvent) => {
          const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
          if (key !== 'Enter' && key !== ' ') return;
          (e as L.LeafletKeyboardEvent).originalEvent.preventDefault();
          activate.current(token, true);
        },
      };
      marker.on(on);
      return [marker, on] as const;
    });
    return () => {
      for (const [marker, on] of handlers) marker.off(on).remove();
    };
  }, [map, entries]);

  const { visible } = o;
  useEffect(() => {
    if (!map || !entries) return;
    // Shown and hidden in tasks of CHUNK markers: a layer of hundreds of stops turned on or
    // off does not hold the main thread.
    const changes: [L.Marker, boolean][] = [];
    for (const [token, { marker }] of entries) {
      const show = visible.has(token);
      if (show !== map.hasLayer(marker)) changes.push([marker, show]);
    }
    let timer = 0;
    const step = (from: number) => {
      for (const [marker, show] of changes.slice(from, from + CHUNK)) {
        if (show) marker.addTo(map);
        else marker.remove();
      }
      if (from + CHUNK < changes.length) timer = window.setTimeout(() => step(from + CHUNK));
    };
    step(0);
    return () => window.clearTimeout(timer);
  }, [map, entries, visible]);

  const { selected } = o;
  useEffect(() => {
    if (!entries) return;
    const before = highlighted.get(entries) ?? null;
    if (before === selected) return;
    const set = (token: string | null, on: boolean) => {
      const entry = token ? entries.get(token) : undefined;
      if (!entry) return;
      // setIcon keeps the same element (Leaflet reuses a div icon's box), so focus stays.
      entry.marker.setIcon(entry.icon(on)).setZIndexOffset(on ? 1000 : 0);
      const el = entry.marker.getElement();
      if (el) current(el, on);
    };
    set(before, false);
    set(selected, true);
    highlighted.set(entries, selected);
  }, [entries, selected]);

  return useMemo(() => entries && new Map([...entries].map(([t, e]) => [t, e.marker])), [entries]);
}
