import { directionsUrl, distanceKm, formatKm, platformOf, type Platform } from '@earshot/core';
import { useKnownPosition } from '../../../shared/lib/use-known-position';
import { NavigateIcon } from './icons';
import styles from './poi-detail-content.module.css';

const opensIn: Record<Platform, (title: string) => string> = {
  android: (t) => `Turn-by-turn driving directions to ${t} in your navigation app.`,
  ios: (t) => `Driving directions to ${t} in Apple Maps.`,
  'windows phone': (t) => `Driving directions to ${t} in Google Maps (opens in a new tab).`,
  desktop: (t) => `Driving directions to ${t} in Google Maps (opens in a new tab).`,
};

/** SPEC §2 directions link: the platform decides which maps app the link opens. */
export function PoiDirections({ lat, lng, title }: { lat: number; lng: number; title: string }) {
  const position = useKnownPosition();
  const platform = platformOf(navigator.userAgent);
  const href = directionsUrl(platform, lat, lng, 'driving');
  const km = position ? distanceKm(position, { lat, lng }) : null;
  // A web link opens beside the tour; an app link (google.navigation:) hands over to the app.
  const web = href.startsWith('https:');
  return (
    <div className={styles.directions}>
      <a
        className={styles.directionsLink}
        href={href}
        {...(web ? { target: '_blank', rel: 'noreferrer' } : {})}
      >
        <NavigateIcon size={20} />
        <span>Get directions</span>
        {km !== null && <span className={styles.distance}>{formatKm(km)} away</span>}
      </a>
      <p className={styles.muted}>{opensIn[platform](title)}</p>
    </div>
  );
}
