import { useLocationTriggers } from '../hooks/use-location-triggers';

/** The location triggers' engine (loaded once location is asked for: location-triggers.tsx). */
export function TriggerEngine() {
  useLocationTriggers();
  return null;
}
