import { useEffect, useState } from 'react';
import { POSITION_MAX_AGE_MS, type LatLng } from '@earshot/core';

/**
 * The visitor's position when they have already allowed location access; never prompts.
 * Null while unknown.
 */
export function useKnownPosition(): LatLng | null {
  const [pos, setPos] = useState<LatLng | null>(null);
  useEffect(() => {
    let live = true;
    if (!('geolocation' in navigator) || !navigator.permissions) return;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (status.state !== 'granted' || !live) return;
        navigator.geolocation.getCurrentPosition(
          (p) => live && setPos({ lat: p.coords.latitude, lng: p.coords.longitude }),
          () => undefined,
          { maximumAge: POSITION_MAX_AGE_MS, timeout: 10_000 },
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return pos;
}
