import { useEffect } from 'react';
import { geolocateWatching, POSITION_MAX_AGE_MS } from '@earshot/core';
import { rememberedOn, useLocation } from './store';

/**
 * Watches the position while the geolocate control is on (SPEC §4; maximum age 60000 ms, high
 * accuracy) and follows the browser's permission. Used once, by the screen that owns a visit.
 */
export function useLocationWatch(): void {
  const dispatch = useLocation((s) => s.dispatch);
  const setFix = useLocation((s) => s.setFix);

  useEffect(() => {
    if (!('geolocation' in navigator)) {
      dispatch({ type: 'denied' });
      return;
    }
    let status: PermissionStatus | null = null;
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        if (!live) return;
        status = s;
        const watching = geolocateWatching(useLocation.getState().state);
        if (s.state === 'denied') dispatch({ type: 'denied' });
        else if (s.state === 'granted' && rememberedOn() && !watching) dispatch({ type: 'toggle' });
        s.onchange = () =>
          dispatch({
            type: s.state === 'denied' ? 'denied' : s.state === 'granted' ? 'granted' : 'failed',
          });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (status) status.onchange = null;
    };
  }, [dispatch]);

  const watching = useLocation((s) => geolocateWatching(s.state));
  useEffect(() => {
    if (!watching) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setFix({
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: p.coords.accuracy,
          at: p.timestamp,
        });
        dispatch({ type: 'position' });
      },
      (e) => dispatch({ type: e.code === e.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { maximumAge: POSITION_MAX_AGE_MS, enableHighAccuracy: true },
    );
    return () => {
      navigator.geolocation.clearWatch(id);
      setFix(null);
    };
  }, [watching, dispatch, setFix]);
}
