import { useDeferredValue, useEffect, useRef, type Dispatch } from 'react';
import {
  SEEK_STEP_SECONDS,
  type MediaPlayerAction,
  type MediaPlayerState,
  type Poi,
} from '@earshot/core';

export type MediaSessionOptions = {
  state: MediaPlayerState;
  dispatch: Dispatch<MediaPlayerAction>;
  poi: Poi | null;
  guideTitle: string;
  /** Selects the POI before or after the current one in the guide's order. */
  step: (by: -1 | 1) => void;
};

const supported = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator;

/**
 * Lock-screen, notification and headset controls (Media Session API): what is playing
 * (the POI, the guide, its image) and the actions they send back to the player.
 */
export function useMediaSession({
  state,
  dispatch,
  poi,
  guideTitle,
  step,
}: MediaSessionOptions): void {
  // The lock screen learns of a new stop a moment after its audio has started: setting the
  // metadata (and its artwork) is not work for the tap's own task.
  const image = useDeferredValue(poi?.image_urls[0]);
  const title = useDeferredValue(state.title);
  useEffect(() => {
    if (!supported()) return;
    navigator.mediaSession.metadata = title
      ? new MediaMetadata({
          title,
          artist: guideTitle,
          album: 'Earshot',
          artwork: image ? [{ src: new URL(image, location.href).href }] : [],
        })
      : null;
    // Leaving the guide removes the player: the lock screen must not show a stale stop.
    return () => {
      navigator.mediaSession.metadata = null;
    };
  }, [title, guideTitle, image]);

  const playing = state.status === 'playing' || state.resume === 'playing';
  useEffect(() => {
    if (!supported()) return;
    navigator.mediaSession.playbackState = state.file ? (playing ? 'playing' : 'paused') : 'none';
  }, [playing, state.file]);

  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });
  useEffect(() => {
    if (!supported()) return;
    const by = (d: MediaSessionActionDetails, sign: 1 | -1) =>
      dispatch({ type: 'seekBy', delta: sign * (d.seekOffset ?? SEEK_STEP_SECONDS) });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => dispatch({ type: 'play' })],
      ['pause', () => dispatch({ type: 'pause' })],
      ['seekbackward', (d) => by(d, -1)],
      ['seekforward', (d) => by(d, 1)],
      ['seekto', (d) => d.seekTime != null && dispatch({ type: 'seek', to: d.seekTime })],
      ['previoustrack', () => stepRef.current(-1)],
      ['nexttrack', () => stepRef.current(1)],
    ];
    const set = (action: MediaSessionAction, h: MediaSessionActionHandler | null) => {
      try {
        navigator.mediaSession.setActionHandler(action, h);
      } catch {
        // An action this browser does not know.
      }
    };
    for (const [action, h] of handlers) set(action, h);
    return () => {
      for (const [action] of handlers) set(action, null);
    };
  }, [dispatch]);

  // The lock screen extrapolates from a position; it needs one after each jump or change.
  const { duration, rate, seekTo, status } = state;
  const elapsedRef = useRef(state.elapsed);
  useEffect(() => {
    elapsedRef.current = state.elapsed;
  });
  useEffect(() => {
    if (!supported() || !navigator.mediaSession.setPositionState) return;
    try {
      if (duration === null) navigator.mediaSession.setPositionState();
      else
        navigator.mediaSession.setPositionState({
          duration,
          playbackRate: rate,
          position: Math.min(elapsedRef.current, duration),
        });
    } catch {
      // A position the browser finds inconsistent mid-load: the next change sets it again.
    }
  }, [duration, rate, seekTo, status]);
}
