import { create } from 'zustand';
import {
  geolocateReducer,
  geolocateWatching,
  type GeolocateEvent,
  type GeolocateState,
} from '@earshot/core';

/** One reading of the position watch: where, how sure (metres) and when (ms). */
export type Fix = { lat: number; lng: number; accuracy: number; at: number };

// The visitor's choice outlives the visit: a guide opened later watches again (without
// asking: only when the browser already has the permission).
const KEY = 'earshot-geolocate';
export const rememberedOn = () => {
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

type LocationState = {
  /** The geolocate control (SPEC §4): DISABLED, LOADING, ENABLED or UNAVAILABLE. */
  state: GeolocateState;
  /** The last reading while watching, else null. */
  fix: Fix | null;
  dispatch: (event: GeolocateEvent) => void;
  setFix: (fix: Fix | null) => void;
  /** The visitor's press on the control: on or off, remembered. */
  toggle: () => void;
};

/**
 * The visitor's location during a visit, below the features: the map shows it and its
 * control, the location triggers play stops from it; the guide route owns the watch
 * (use-location-watch.ts), so it goes on while the list is shown instead of the map.
 */
export const useLocation = create<LocationState>()((set, get) => ({
  state: 'DISABLED',
  fix: null,
  dispatch: (event) =>
    set((s) => {
      const state = geolocateReducer(s.state, event);
      return geolocateWatching(state) ? { state } : { state, fix: null };
    }),
  setFix: (fix) => set({ fix }),
  toggle: () => {
    remember(!geolocateWatching(get().state));
    get().dispatch({ type: 'toggle' });
  },
}));
