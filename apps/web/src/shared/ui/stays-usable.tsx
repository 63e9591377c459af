import { Branch } from '@radix-ui/react-dismissable-layer';
import type { ReactElement } from 'react';

/**
 * A region that stays usable while an overlay that does not cover it is open (the footer
 * player under the POI detail): pressing or focusing something in it leaves the overlay open.
 * Radix's own branch mechanism, checked when the pointer goes down (a button that re-renders
 * on its click, Play becoming Pause, is then still in the page).
 */
export function StaysUsable({ children }: { children: ReactElement }) {
  return <Branch asChild>{children}</Branch>;
}
