import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import type { DraftStop, GuideBundleInput } from '@earshot/core';
import { placeQueryOptions } from '../api/studio-api';
import { drawStops, type StopLayerActions } from './stop-layers';
import styles from './stops-map.module.css';
import { useStudioMap, type StartView } from './use-studio-map';

/** Zoom for placing one stop: its 50 m circles are a thumb wide on a phone. */
export const STOP_ZOOM = 18;

function startView(draft: GuideBundleInput): StartView {
  const points: L.LatLngExpression[] = [
    ...(draft.pois ?? []).map((p): L.LatLngExpression => [p.lat, p.lng]),
    ...(draft.guide.route ?? []).map(([lng, lat]): L.LatLngExpression => [lat, lng]),
  ];
  if (points.length === 1) return { centre: points[0]!, zoom: STOP_ZOOM };
  if (points.length > 1) return { bounds: L.latLngBounds(points) };
  return { centre: WORLD, zoom: WORLD_ZOOM };
}

const WORLD: L.LatLngExpression = [20, 0];
const WORLD_ZOOM = 2;
/** Zoom on a city known by one guide's middle: its streets, a few blocks each way. */
const CITY_ZOOM = 15;

/**
 * The stops on the map (docs/studio.md Web): click the map to add a stop there, drag a pin to
 * move it, drag a circle's handle to resize it. `focus` pans to a stop when it changes.
 */
export function StopsMap({
  guideToken,
  draft,
  selected,
  invalid,
  title,
  onAdd,
  focus,
  ...act
}: StopLayerActions & {
  guideToken: string;
  draft: GuideBundleInput;
  selected: number | null;
  invalid: (index: number) => boolean;
  title: (stop: DraftStop) => string;
  onAdd: (at: { lat: number; lng: number }) => void;
  /** A stop to bring into view, with a counter so the same one can be asked twice. */
  focus: { index: number; n: number } | null;
}) {
  const [ref, map] = useStudioMap(draft.guide.map_type, () => startView(draft));
  // A guide with no stop or route yet opens on its city, once the server says where it is
  // (the published guides there): unless the publisher has moved the map meanwhile.
  const nothingYet = !draft.pois?.length && !draft.guide.route?.length;
  const place = useQuery({ ...placeQueryOptions(guideToken), enabled: nothingYet }).data;
  useEffect(() => {
    if (!map || !place || map.getZoom() > WORLD_ZOOM) return;
    const { south, west, north, east } = place;
    if (south === north && west === east) map.setView([south, west], CITY_ZOOM);
    else
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [48, 48], maxZoom: CITY_ZOOM },
      );
  }, [map, place]);
  const latest = useRef({ ...act, onAdd });
  useEffect(() => {
    latest.current = { ...act, onAdd };
  });

  useEffect(() => {
    if (!map) return;
    const add = (e: L.LeafletMouseEvent) => latest.current.onAdd(e.latlng);
    map.on('click', add);
    return () => {
      map.off('click', add);
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    // A pin that had focus gets it back once it is drawn again (keyboard users stay put).
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.stop;
    const group = drawStops(map, draft, selected, invalid, title, {
      select: (i) => latest.current.select(i),
      move: (i, at) => latest.current.move(i, at),
      resize: (i, edge, m) => latest.current.resize(i, edge, m),
    });
    if (focused)
      map
        .getContainer()
        .querySelector<HTMLElement>(`[data-stop="${CSS.escape(focused)}"]`)
        ?.focus({ preventScroll: true });
    return () => {
      group.remove();
    };
  }, [map, draft, selected, invalid, title]);

  useEffect(() => {
    const stop = focus ? draft.pois?.[focus.index] : undefined;
    if (map && stop) map.setView([stop.lat, stop.lng], Math.max(map.getZoom(), STOP_ZOOM - 1));
    // Only a new focus request pans; editing the stop does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, focus]);

  const showAll = () => {
    const view = startView(draft);
    if (!map) return;
    if ('bounds' in view) map.fitBounds(view.bounds, { padding: [48, 48], maxZoom: STOP_ZOOM });
    else map.setView(view.centre, view.zoom);
  };

  return (
    <div className={styles.frame}>
      {(draft.pois?.length ?? 0) > 1 ? (
        <button type="button" className={styles.showAll} onClick={showAll}>
          Show all stops
        </button>
      ) : null}
      <div
        ref={ref}
        className={styles.map}
        role="region"
        aria-label="Map of the stops. Click the map to add a stop there; drag a pin to move it."
      />
    </div>
  );
}
