/** SPEC §2 POI detail: the directions link depends on the platform. */
export type Platform = 'android' | 'ios' | 'windows phone' | 'desktop';

export function platformOf(userAgent: string): Platform {
  if (/windows phone/i.test(userAgent)) return 'windows phone';
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'desktop';
}

export type TravelMode = 'driving' | 'walking' | 'bicycling' | 'transit';

/** Android: a navigation link; iOS: an Apple Maps link; anything else: a web maps link with destination, travel mode and navigate action. */
export function directionsUrl(
  platform: Platform,
  lat: number,
  lng: number,
  mode: TravelMode = 'driving',
): string {
  const dest = `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`;
  switch (platform) {
    case 'android':
      return `google.navigation:q=${dest}&mode=${mode.charAt(0)}`;
    case 'ios':
      return `https://maps.apple.com/?daddr=${dest}&dirflg=${mode === 'walking' ? 'w' : mode === 'transit' ? 'r' : 'd'}`;
    default:
      return `https://www.google.com/maps/dir/?api=1&destination=${dest}&travelmode=${mode}&dir_action=navigate`;
  }
}
