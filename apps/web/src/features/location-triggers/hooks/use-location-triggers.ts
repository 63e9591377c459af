import { useEffect, useMemo, useRef } from 'react';
import {
  distanceKm,
  formatKm,
  guideHasTriggerAt,
  initialTriggerState,
  stepTriggers,
  triggersOn,
  type LatLng,
  type Poi,
  type TriggerEvent,
} from '@earshot/core';
import { track } from '../../../shared/insights/track';
import { useSelectedLanguage } from '../../../shared/lib/selected-language';
import { useLocation } from '../../../shared/location/store';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { requestedPoi, useVisit } from '../../../shared/visit/store';
import { prepareVisits, recordVisit } from '../api/post-visit-poi';
import { canAskNotifications, systemNotify } from '../lib/notify';
import { useToasts } from './use-toasts';

/** Said once a page life, when location first comes on (the web's known limit). */
let explained = false;

/**
 * Location triggers (SPEC §3 trigger types, §4, §5): each reading of the position watch goes
 * through the engine in core; its events select and play a stop (autoplay), tell the
 * visitor a stop is near (notification, attract) and record a visit (badge).
 */
export function useLocationTriggers(): void {
  const guide = useGuide();
  const { visible: shown, day } = useVisitPois();
  // A stop outside its dates, even one the guide marks, has no triggers (docs "Seasons").
  const visible = useMemo(() => shown.filter((p) => triggersOn(p, day)), [shown, day]);
  const fix = useLocation((s) => s.fix);
  const on = useLocation((s) => s.state === 'ENABLED');
  const engine = useRef({ pois: visible, state: initialTriggerState, far: false });
  const show = useToasts((s) => s.show);

  useEffect(() => {
    // Another guide or other stops shown: the engine starts over with them.
    engine.current = { pois: visible, state: initialTriggerState, far: false };
  }, [visible]);

  useEffect(() => {
    if (on) prepareVisits();
  }, [on]);

  useEffect(() => {
    if (!on || explained) return;
    explained = true;
    show({
      text: 'Stops now play as you reach them. Keep the screen on: browsers give no location with the screen off.',
      action: canAskNotifications()
        ? { label: 'Notify me', run: () => void Notification.requestPermission() }
        : undefined,
    });
  }, [on, show]);

  useEffect(() => {
    if (!fix) return;
    const e = engine.current;
    if (!e.far && !guideHasTriggerAt(guide, 'notification', fix)) {
      // SPEC §4 guide trigger: out of the guide's reach, nothing can play yet; say how far.
      e.far = true;
      const nearest = nearestPoi(e.pois, fix);
      if (nearest)
        show({
          text: `${nearest.poi.title}, the nearest stop, is ${formatKm(nearest.km)} away: stops play as you reach them.`,
        });
    }
    const { state, events } = stepTriggers(e.pois, e.state, fix, {
      leaveBuffer: guide.attract_radius_leave_buffer,
    });
    e.state = state;
    for (const event of events) handle(event, e.pois, guide.token);
  }, [fix, guide, show]);
}

function nearestPoi(pois: Poi[], at: LatLng): { poi: Poi; km: number } | null {
  let best: { poi: Poi; km: number } | null = null;
  for (const poi of pois) {
    const km = distanceKm(at, poi);
    if (!best || km < best.km) best = { poi, km };
  }
  return best;
}

function handle(event: TriggerEvent, pois: Poi[], guideToken: string) {
  const poi = pois.find((p) => p.token === event.poi);
  if (!poi) return;
  const visit = useVisit.getState();
  const current = requestedPoi(visit) === poi.token;
  const { show } = useToasts.getState();
  switch (event.kind) {
    case 'autoplay':
      // Already playing at the visitor's own request: it is not started over.
      if (!(current && visit.playRequest?.autoplay)) visit.selectPoi(poi.token, 'location');
      return;
    case 'notification':
      if (current) return;
      void systemNotify(`Nearby: ${poi.title}`, poi.subtitle || 'Tap to listen', poi.token).then(
        (sent) =>
          sent ||
          show({
            text: `Nearby: ${poi.title}`,
            action: { label: 'Listen', run: () => useVisit.getState().selectPoi(poi.token) },
          }),
      );
      return;
    case 'attract':
      if (!current) show({ text: `${poi.title} is close by: look around.` });
      return;
    case 'badge':
      // The stop is reached (its badge radius, always on, fires once a visit).
      track({ kind: 'stop-reach', poi: poi.token, trigger: 'location', guide: guideToken });
      recordVisit({
        guide_token: guideToken,
        poi_token: poi.token,
        language: useSelectedLanguage.getState().byGuide[guideToken] ?? null,
      });
      return;
  }
}
