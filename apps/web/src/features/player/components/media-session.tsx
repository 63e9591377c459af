import { useMediaSession, type MediaSessionOptions } from '../hooks/use-media-session';

/**
 * The lock screen's and a headset's controls (useMediaSession) as a component: the footer
 * player loads it with the first sound, not with the guide screen (issue 18: the route's
 * first load). A system shows those controls only once something has played.
 */
export function MediaSession(props: MediaSessionOptions): null {
  useMediaSession(props);
  return null;
}
