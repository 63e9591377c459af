import { useMediaSession, type MediaSessionOptions } from '../hooks/use-media-session';
import { useWakeLock } from '../hooks/use-wake-lock';

/**
 * What the player asks of the system once something has played: the lock screen's and a
 * headset's controls (useMediaSession) and the screen kept on while playing (useWakeLock). A
 * component, so the footer player loads its code with the first sound, not with the guide
 * screen (the route's first-load budget); a system shows those controls only then anyway.
 */
export function PlayerSystem({ playing, ...session }: MediaSessionOptions & { playing: boolean }) {
  useMediaSession(session);
  useWakeLock(playing);
  return null;
}
