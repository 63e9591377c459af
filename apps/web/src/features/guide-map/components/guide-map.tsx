import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { localizePoi, MARKER_HIGHLIGHT_SIZE_PX, mappedPois } from '@earshot/core';
import { useGuide, useVisitLanguage, useVisitPois } from '../../../shared/visit/use-guide';
import { requestedPoi, useVisit } from '../../../shared/visit/store';
import { useGuideAnswers } from '../../../shared/answers/use-answers';
import { useScavengerHunts } from '../../../shared/hunts/api/get-scavenger-hunts';
import { setOverlayElement } from '../../../shared/map/text-overlays';
import { useGeolocate } from '../hooks/use-geolocate';
import { useLeafletMap } from '../hooks/use-leaflet-map';
import { useMarkers } from '../hooks/use-markers';
import { useRouteLine } from '../hooks/use-route-line';
import { useUserPosition } from '../hooks/use-user-position';
import { poiPopup } from '../lib/poi-popup';
import { MapControls } from './map-controls';
import { NoLayersBanner } from './no-layers-banner';
import styles from './guide-map.module.css';

/**
 * The room the map keeps clear when it fits or pans to stops: the zoom buttons (left), the
 * control stack (right), a highlighted marker's height (top) and the carousel (bottom).
 */
function clearance(frame: HTMLElement, carousel: boolean) {
  const bar = carousel ? parseFloat(getComputedStyle(frame).getPropertyValue('--carousel-h')) : 0;
  return {
    // The highlighted marker stands 100 px above its point: a stop near the top edge shows whole.
    paddingTopLeft: L.point(48, MARKER_HIGHLIGHT_SIZE_PX + 12),
    paddingBottomRight: L.point(64, (Number.isFinite(bar) ? bar : 0) + 24),
  };
}

/** Fits `map` to `points` clear of the controls and carousel (`room`); false when it cannot. */
function fitTo(
  map: L.Map,
  points: L.LatLng[],
  room: ReturnType<typeof clearance>,
  animate: boolean,
): boolean {
  if (!points.length || map.getSize().x === 0) return false;
  map.fitBounds(L.latLngBounds(points), { ...room, maxZoom: 17, animate });
  return true;
}

/**
 * The map panel of the guide screen (SPEC §2 Map): the stops as markers, the route, and the
 * layers, geolocate, badge and hunt controls. Reads and changes the visit store only.
 */
export function GuideMap() {
  const guide = useGuide();
  const { visible } = useVisitPois();
  const language = useVisitLanguage();
  const selected = useVisit((s) => s.selectedPoi);
  const carousel = useVisit((s) => s.view === 'carousel');
  const hunts = useScavengerHunts(guide.token);
  const { answered } = useGuideAnswers(guide.token);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const geo = useGeolocate();

  // Markers are built per guide and language only (useVisitPois' lists change with the layers,
  // which only show or hide markers).
  const pois = useMemo(
    () => mappedPois(guide.pois.map((p) => localizePoi(p, language))),
    [guide, language],
  );
  const shown = useMemo(() => new Set(visible.map((p) => p.token)), [visible]);
  const room = useCallback(() => clearance(frame!, carousel), [frame, carousel]);

  // SPEC §2: on first load the map fits every stop, and the visitor too while location is on.
  const fix = geo.fix;
  const points = useMemo(() => {
    const all = pois.filter((p) => shown.has(p.token)).map((p) => L.latLng(p.lat, p.lng));
    return fix ? [...all, L.latLng(fix.lat, fix.lng)] : all;
  }, [pois, shown, fix]);
  // The map is made at its fitted view: then the fit once the markers are drawn is not needed
  // (it would move nothing, and measure the page again).
  const fitted = useRef(false);
  const [box, map] = useLeafletMap(guide, (el) => {
    const room = clearance(el.parentElement!, carousel);
    return (m) => (fitted.current = fitTo(m, points, room, false));
  });
  useRouteLine(map, guide.route);
  useUserPosition(map, geo.fix);
  const fit = useCallback(
    (animate = true) => {
      if (map && frame) fitTo(map, points, room(), animate);
    },
    [map, frame, points, room],
  );

  // The markers are built in a task after the one that made the map (a phone's main thread
  // is not held for both at once while the guide opens).
  const [markersDue, setMarkersDue] = useState(false);
  useEffect(() => {
    if (!map) return;
    const timer = window.setTimeout(() => startTransition(() => setMarkersDue(true)));
    return () => window.clearTimeout(timer);
  }, [map]);

  const popupOf = useRef<string | null>(null);
  const openPopup = useRef<(token: string, byKeyboard: boolean) => void>(() => undefined);
  const markers = useMarkers(map, {
    pois,
    visible: shown,
    layers: guide.layers,
    // A failed hunts call draws code pins rather than no markers at all.
    hasHunt: !markersDue || hunts.isPending ? null : (hunts.data?.length ?? 0) > 0,
    answered,
    selected,
    onActivate: (token, byKeyboard) => {
      const visit = useVisit.getState();
      if (requestedPoi(visit) !== token) visit.selectPoi(token, 'user');
      openPopup.current(token, byKeyboard);
    },
  });

  useEffect(() => {
    openPopup.current = (token, byKeyboard) => {
      const marker = markers?.get(token);
      const poi = pois.find((p) => p.token === token);
      if (!map || !marker || !poi) return;
      const { paddingTopLeft, paddingBottomRight } = room();
      const content = poiPopup(
        poi,
        () => {
          map.closePopup();
          useVisit.getState().openDetail('modal');
        },
        () => map.closePopup(),
      );
      const popup = setOverlayElement(
        L.popup({
          className: styles.popup,
          offset: [0, -MARKER_HIGHLIGHT_SIZE_PX + 8],
          autoPanPaddingTopLeft: paddingTopLeft,
          autoPanPaddingBottomRight: paddingBottomRight,
          minWidth: 180,
          maxWidth: 260,
        }).setLatLng(marker.getLatLng()),
        content,
      );
      popup.on('remove', () => {
        if (popupOf.current === token) popupOf.current = null;
        // Closed from the keyboard inside it: focus goes back to the marker it belongs to.
        const at = document.activeElement;
        if (!at || at === document.body || content.contains(at)) marker.getElement()?.focus();
      });
      marker.closeTooltip();
      popup.openOn(map);
      popupOf.current = token;
      if (byKeyboard) content.querySelector('button')?.focus();
    };
  });

  // A map loaded hidden (the list in its place on a phone) fits once it is shown.
  const [size, setSize] = useState(0);
  useEffect(() => {
    if (!map || !markers || fitted.current || size === 0) return;
    fitted.current = true;
    fit(false);
  }, [map, markers, fit, size]);

  // The first fix after location was turned on (by the visitor, or remembered): fit again,
  // once the stops are drawn, so both are in view.
  const awaitingFix = useRef(false);
  useEffect(() => {
    if (geo.state === 'LOADING') awaitingFix.current = true;
    else if (geo.state !== 'ENABLED') awaitingFix.current = false;
  }, [geo.state]);
  useEffect(() => {
    if (!fix || !markers || !awaitingFix.current) return;
    awaitingFix.current = false;
    fit();
  }, [fix, markers, fit]);

  // A selection made elsewhere (carousel, keypad): bring its marker into view. Only a new
  // selection moves the map (the one at first load is in the fitted view already).
  const panned = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !markers || !selected || panned.current === selected) return;
    const first = panned.current === null;
    panned.current = selected;
    if (popupOf.current && popupOf.current !== selected) map.closePopup();
    const marker = markers.get(selected);
    if (first || !marker || !map.hasLayer(marker)) return;
    map.panInside(marker.getLatLng(), room());
  }, [map, markers, selected, room]);

  // The stop of the open info window was hidden with its layer: so is the window.
  useEffect(() => {
    if (map && popupOf.current && !shown.has(popupOf.current)) map.closePopup();
  }, [map, shown]);

  // The pane changes size (list beside the map, full screen, rotation): Leaflet must know.
  useEffect(() => {
    if (!map) return;
    const observer = new ResizeObserver(([entry]) => {
      map.invalidateSize();
      setSize(entry!.contentRect.width * entry!.contentRect.height);
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);

  return (
    <div
      ref={setFrame}
      className={styles.frame}
      data-carousel={carousel || undefined}
      role="region"
      aria-label={`Map of ${guide.title}`}
    >
      <div ref={box} className={styles.map} />
      <NoLayersBanner />
      <MapControls frame={frame} geo={geo} hunts={hunts.data ?? []} />
    </div>
  );
}
