import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import {
  elementShouldPlay,
  initialMediaPlayer,
  mediaPlayerReducer,
  positionKey,
  positionToRemember,
  type MediaPlayerAction,
  type MediaPlayerState,
  type Poi,
} from '@earshot/core';
import { watchAudio } from '../../../shared/insights/track';
import { useVisit, type PlayRequest } from '../../../shared/visit/store';
import { useVisitLanguage, useVisitPois } from '../../../shared/visit/use-guide';
import { rememberedPosition, rememberPosition } from '../lib/positions';

export const NO_AUDIO = 'This stop has no audio';
export const AUDIO_FAILED = 'Audio unavailable';

/** Tells the visit the audio of the request the player holds has started (or never will). */
const settled = () => {
  const v = useVisit.getState();
  if (v.held) v.audioSettled(v.held.request.n);
};

export type PlayerEngine = {
  audioRef: RefObject<HTMLAudioElement | null>;
  state: MediaPlayerState;
  dispatch: Dispatch<MediaPlayerAction>;
  /** The POI whose audio the player holds (in the visit language), or null. */
  poi: Poi | null;
  /** Play/pause button: a failed file is tried again. */
  toggle: () => void;
  audioEvents: {
    onLoadedMetadata: (e: SyntheticEvent<HTMLAudioElement>) => void;
    onDurationChange: (e: SyntheticEvent<HTMLAudioElement>) => void;
    onTimeUpdate: (e: SyntheticEvent<HTMLAudioElement>) => void;
    onEnded: () => void;
    onPlaying: (e: SyntheticEvent<HTMLAudioElement>) => void;
    onPause: (e: SyntheticEvent<HTMLAudioElement>) => void;
    onError: (e: SyntheticEvent<HTMLAudioElement>) => void;
  };
};

/**
 * The one <audio> element driven by the SPEC §4 reducer. A play request is taken in the
 * store's own update (the tap's task): the source is set and play() called before React
 * renders, so cached audio starts within a frame or two.
 */
export function usePlayerEngine(): PlayerEngine {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, dispatch] = useReducer(mediaPlayerReducer, initialMediaPlayer);
  const language = useVisitLanguage();
  const { all } = useVisitPois();
  const live = useRef({ all, language, state });
  const loaded = useRef<{ poi: string | null; language: string | null }>({
    poi: null,
    language: null,
  });
  const [poiToken, setPoiToken] = useState<string | null>(null);
  useLayoutEffect(() => {
    live.current = { all, language, state };
  });

  const play = useCallback((audio: HTMLAudioElement) => {
    audio.play().catch((e: unknown) => {
      // Browsers refuse sound before the visitor has interacted: ready to play, not an error.
      if (e instanceof DOMException && e.name === 'NotAllowedError') {
        dispatch({ type: 'pause' });
        settled();
      }
      // AbortError: a newer load or pause replaced this play; the element reports real failures.
    });
  }, []);

  const keyOf = (l: { poi: string | null; language: string | null }) =>
    l.poi ? positionKey(l.poi, l.language) : null;

  const load = useCallback(
    (token: string, autoplay: boolean) => {
      const audio = audioRef.current;
      const poi = live.current.all.find((p) => p.token === token);
      if (!audio || !poi) return;
      const before = keyOf(loaded.current);
      if (before && live.current.state.file)
        rememberPosition(before, positionToRemember(live.current.state));
      loaded.current = { poi: token, language: live.current.language };
      setPoiToken(token);
      const file = poi.audio_url;
      const texts = { title: poi.title, subtitle: poi.subtitle, color: poi.color };
      if (!file) {
        audio.removeAttribute('src');
        audio.load();
        dispatch({ type: 'load', file: '', ...texts, autoplay: false });
        dispatch({ type: 'error', message: NO_AUDIO });
        settled();
        return;
      }
      const start = rememberedPosition(positionKey(token, live.current.language));
      const rate = live.current.state.rate;
      audio.src = file;
      // Loading resets the rate to the default one, and Chromium keeps a time set before
      // the metadata as the start position, so a resumed POI does not blip from 0.
      audio.defaultPlaybackRate = rate;
      audio.playbackRate = rate;
      if (start > 0) audio.currentTime = start;
      if (autoplay) play(audio);
      dispatch({ type: 'load', file, ...texts, autoplay, start });
    },
    [play],
  );

  // What is heard of each stop (docs/insights.md): watched from the element's first play.
  useEffect(() => {
    if (audioRef.current) watchAudio(audioRef.current, () => useVisit.getState().held);
  }, []);

  // Play requests from the visit store, taken synchronously in the selecting task. A request
  // another element took before (this player remounted) is loaded without playing it again.
  const took = useRef<PlayRequest | null>(null);
  useEffect(() => {
    const take = (req: PlayRequest | null) => {
      const v = useVisit.getState();
      if (!req || !audioRef.current || took.current === req) return;
      took.current = req;
      const fresh = v.held?.request !== req;
      v.requestTaken(req);
      load(req.poi, req.autoplay && fresh);
    };
    take(useVisit.getState().playRequest);
    return useVisit.subscribe((s, prev) => {
      if (s.playRequest !== prev.playRequest) take(s.playRequest);
    });
  }, [load]);

  // A new visit language: the same POI again, in that language, playing if it was.
  useEffect(() => {
    const { poi } = loaded.current;
    if (poi && loaded.current.language !== language)
      load(poi, elementShouldPlay(live.current.state));
  }, [language, load]);

  // The element follows the state: a pending seek first, then play or pause, then the rate.
  const { seekTo, status, autoplay, file, rate } = state;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || seekTo === null || status === 'loading') return;
    if (Math.abs(audio.currentTime - seekTo) > 0.05) audio.currentTime = seekTo;
    dispatch({ type: 'seeked' });
  }, [seekTo, status]);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !file) return;
    if (elementShouldPlay({ status, autoplay })) {
      if (audio.paused) play(audio);
    } else if (!audio.paused) audio.pause();
  }, [status, autoplay, file, play]);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate]);

  const toggle = useCallback(() => {
    const { state: s } = live.current;
    // Play pressed for this selection: its audio starts by a tap (docs/insights.md).
    useVisit.getState().playPressed();
    if (s.error && s.file && loaded.current.poi) load(loaded.current.poi, true);
    else dispatch({ type: 'toggle' });
  }, [load]);

  const audioEvents = useMemo<PlayerEngine['audioEvents']>(
    () => ({
      onLoadedMetadata: (e) => dispatch({ type: 'metadata', duration: e.currentTarget.duration }),
      onDurationChange: (e) => {
        if (Number.isFinite(e.currentTarget.duration) && e.currentTarget.readyState > 0)
          dispatch({ type: 'metadata', duration: e.currentTarget.duration });
      },
      onTimeUpdate: (e) => {
        const { currentTime, duration } = e.currentTarget;
        dispatch({ type: 'timeUpdate', elapsed: currentTime });
        const key = keyOf(loaded.current);
        const s = live.current.state;
        if (key && s.status !== 'loading' && s.status !== 'scrubbing')
          rememberPosition(
            key,
            positionToRemember({
              status: s.status,
              elapsed: currentTime,
              duration: Number.isFinite(duration) ? duration : null,
            }),
          );
      },
      onEnded: () => {
        dispatch({ type: 'ended' });
        const key = keyOf(loaded.current);
        if (key) rememberPosition(key, 0);
      },
      onPlaying: () => {
        settled();
        if (useVisit.getState().firstPlay) useVisit.getState().firstPlayDone();
      },
      onPause: (e) => {
        // Paused by something else (a call, unplugged headphones): show it. A new source
        // (readyState 0), the end, a drag and our own pause all pause the element too.
        const a = e.currentTarget;
        if (!a.ended && a.readyState > 1 && live.current.state.status === 'playing')
          dispatch({ type: 'pause' });
      },
      onError: () => {
        settled();
        if (live.current.state.file) dispatch({ type: 'error', message: AUDIO_FAILED });
      },
    }),
    [],
  );

  const poi = useMemo(() => all.find((p) => p.token === poiToken) ?? null, [all, poiToken]);
  return { audioRef, state, dispatch, poi, toggle, audioEvents };
}
