import { lazy, Suspense, useState } from 'react';
import { useLocation } from '../../../shared/location/store';
import { LocationToast } from './location-toast';

// The engine (core's triggers, notifications, visit_poi/) does nothing while location is off:
// it loads when the visitor (or a remembered choice) turns location on, not with the guide
// screen (the guide route's first-load budget, e2e/helpers/budgets.ts).
const TriggerEngine = lazy(() =>
  import('./trigger-engine').then((m) => ({ default: m.TriggerEngine })),
);

/**
 * The guide's location triggers and their notices; renders only the notice area, there from
 * the start so that its first notice is read out.
 */
export function LocationTriggers() {
  const asked = useLocation((s) => s.state !== 'DISABLED');
  // Once loaded the engine stays: turning location off and on keeps its state, as before.
  const [used, setUsed] = useState(false);
  if (asked && !used) setUsed(true);
  return (
    <>
      {used && (
        <Suspense fallback={null}>
          <TriggerEngine />
        </Suspense>
      )}
      <LocationToast />
    </>
  );
}
