import { poiLink, type Poi } from '@earshot/core';
import { useLinkMenu } from '../../../shared/ui/use-link-menu';
import { useGuide } from '../../../shared/visit/use-guide';

/** SPEC §2 carousel right-click menu (long-press on touch screens): the stop's link, copy and QR. */
export function useStopMenu() {
  const guide = useGuide();
  return useLinkMenu((poi: Poi) => ({
    title: `Link to ${poi.title}`,
    url: poiLink(window.location.origin, guide.token, poi.token),
    qrLabel: `QR code for ${poi.title}`,
  }));
}
