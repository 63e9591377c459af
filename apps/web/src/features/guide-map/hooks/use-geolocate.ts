import { useCallback, useEffect, useReducer, useState } from 'react';
import {
  geolocateReducer,
  geolocateWatching,
  POSITION_MAX_AGE_MS,
  type GeolocateState,
} from '@earshot/core';

export type Fix = { lat: number; lng: number; accuracy: number };
export type Geolocate = { state: GeolocateState; fix: Fix | null; toggle: () => void };

// The visitor's choice outlives the visit: a map opened later shows them again (without
// asking: only when the browser already has the permission).
const KEY = 'earshot-geolocate';
const remembered = () => {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
};
const remember = (on: boolean) => {
  try {
    if (on) localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the choice lasts this visit only.
  }
};

/** The geolocate control (SPEC §4): its state, the visitor's last fix while on, and the toggle. */
export function useGeolocate(): Geolocate {
  const [state, dispatch] = useReducer(geolocateReducer, 'DISABLED');
  const [fix, setFix] = useState<Fix | null>(null);

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
        if (s.state === 'denied') dispatch({ type: 'denied' });
        else if (s.state === 'granted' && remembered()) dispatch({ type: 'toggle' });
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
  }, []);

  const watching = geolocateWatching(state);
  useEffect(() => {
    if (!watching) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setFix({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy });
        dispatch({ type: 'position' });
      },
      (e) => dispatch({ type: e.code === e.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { maximumAge: POSITION_MAX_AGE_MS, enableHighAccuracy: true },
    );
    return () => {
      navigator.geolocation.clearWatch(id);
      setFix(null);
    };
  }, [watching]);

  const toggle = useCallback(() => {
    remember(!geolocateWatching(state));
    dispatch({ type: 'toggle' });
  }, [state]);
  return { state, fix: watching ? fix : null, toggle };
}
