import { useShallow } from 'zustand/react/shallow';
import type { GeolocateState } from '@earshot/core';
import { useLocation, type Fix } from '../../../shared/location/store';

export type { Fix };
export type Geolocate = { state: GeolocateState; fix: Fix | null; toggle: () => void };

/** The geolocate control (SPEC §4): its state, the visitor's last fix while on, and the toggle. */
export function useGeolocate(): Geolocate {
  return useLocation(useShallow(({ state, fix, toggle }) => ({ state, fix, toggle })));
}
