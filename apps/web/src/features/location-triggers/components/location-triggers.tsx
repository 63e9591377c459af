import { useLocationTriggers } from '../hooks/use-location-triggers';
import { LocationToast } from './location-toast';

/** The guide's location triggers and their notices; renders only the notice area. */
export function LocationTriggers() {
  useLocationTriggers();
  return <LocationToast />;
}
