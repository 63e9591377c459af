/**
 * SPEC §4 media player as a pure reducer. The component owns the one <audio> element and
 * only mirrors this state onto it (play/pause from `status`, a pending `seekTo`, the rate),
 * so every rule lives here and is tested here.
 */
export type PlayerStatus = 'loading' | 'playing' | 'paused' | 'ended' | 'scrubbing';

export type MediaPlayerState = {
  status: PlayerStatus;
  /** Seconds; null until the audio's metadata is known. */
  duration: number | null;
  elapsed: number;
  title: string;
  subtitle: string;
  file: string | null;
  /** POI colour, hex without '#' (SPEC §3). */
  color: string | null;
  /** Play once the metadata has loaded (SPEC §4); a tap while loading flips it. */
  autoplay: boolean;
  /** The status a drag of the scrubber started from, restored when it ends. */
  resume: Exclude<PlayerStatus, 'scrubbing'> | null;
  /** A position the element must jump to; the component applies it and acknowledges. */
  seekTo: number | null;
  rate: number;
  error: string | null;
};

export type MediaPlayerAction =
  | {
      type: 'load';
      file: string;
      title: string;
      subtitle: string;
      color: string | null;
      autoplay: boolean;
      /** A remembered position to resume from (seconds). */
      start?: number;
    }
  | { type: 'metadata'; duration: number }
  | { type: 'toggle' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'ended' }
  | { type: 'timeUpdate'; elapsed: number }
  | { type: 'scrubStart' }
  | { type: 'scrubMove'; elapsed: number }
  | { type: 'scrubEnd' }
  | { type: 'seek'; to: number }
  | { type: 'seekBy'; delta: number }
  | { type: 'seeked' }
  | { type: 'rate'; rate: number }
  | { type: 'error'; message: string };

/** Beyond the SPEC: the back/forward step listeners expect from podcast apps. */
export const SEEK_STEP_SECONDS = 15;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

export const initialMediaPlayer: MediaPlayerState = {
  status: 'paused',
  duration: null,
  elapsed: 0,
  title: '',
  subtitle: '',
  file: null,
  color: null,
  autoplay: false,
  resume: null,
  seekTo: null,
  rate: 1,
  error: null,
};

const clamp = (t: number, duration: number | null) =>
  Math.max(0, Math.min(Number.isFinite(t) ? t : 0, duration ?? Number.POSITIVE_INFINITY));

/** A jump to `to`: being at the very end is 'ended', leaving the end makes it paused. */
function jump(s: MediaPlayerState, to: number): MediaPlayerState {
  const elapsed = clamp(to, s.duration);
  const status = s.status === 'ended' && elapsed < (s.duration ?? 0) ? 'paused' : s.status;
  return { ...s, status, elapsed, seekTo: elapsed };
}

export function mediaPlayerReducer(s: MediaPlayerState, a: MediaPlayerAction): MediaPlayerState {
  switch (a.type) {
    case 'load': {
      // SPEC §4: changing the file resets elapsed (to 0, or where the visitor left it) and loads.
      const start = a.start && a.start > 0 ? a.start : 0;
      return {
        ...s,
        status: 'loading',
        duration: null,
        elapsed: start,
        seekTo: start > 0 ? start : null,
        title: a.title,
        subtitle: a.subtitle,
        file: a.file,
        color: a.color,
        autoplay: a.autoplay,
        resume: null,
        error: null,
      };
    }
    case 'metadata': {
      const duration = Number.isFinite(a.duration) && a.duration > 0 ? a.duration : null;
      const after = s.autoplay ? 'playing' : 'paused';
      if (s.status === 'loading') return { ...s, duration, status: after };
      return { ...s, duration };
    }
    case 'toggle':
      switch (s.status) {
        case 'loading':
          return { ...s, autoplay: !s.autoplay };
        case 'playing':
          return { ...s, status: 'paused' };
        case 'paused':
          return { ...s, status: 'playing', error: null };
        case 'ended':
          return { ...s, status: 'playing', elapsed: 0, seekTo: 0 };
        case 'scrubbing':
          return s;
      }
      return s;
    case 'play':
      switch (s.status) {
        case 'loading':
          return { ...s, autoplay: true };
        case 'paused':
          return { ...s, status: 'playing', error: null };
        case 'ended':
          return { ...s, status: 'playing', elapsed: 0, seekTo: 0 };
        case 'scrubbing':
          return { ...s, resume: 'playing' };
        case 'playing':
          return s;
      }
      return s;
    case 'pause':
      switch (s.status) {
        case 'loading':
          return { ...s, autoplay: false };
        case 'playing':
          return { ...s, status: 'paused' };
        case 'scrubbing':
          return s.resume === 'playing' ? { ...s, resume: 'paused' } : s;
        case 'paused':
        case 'ended':
          return s;
      }
      return s;
    case 'ended':
      // While the visitor drags, the element is paused: a late 'ended' is not the end.
      if (s.status === 'scrubbing' || s.status === 'loading') return s;
      return { ...s, status: 'ended', elapsed: s.duration ?? s.elapsed };
    case 'timeUpdate':
      // The scrubber shows the drag, and a pending seek has not reached the element yet.
      if (s.status === 'scrubbing' || s.seekTo !== null) return s;
      return { ...s, elapsed: clamp(a.elapsed, s.duration) };
    case 'scrubStart':
      if (s.status === 'scrubbing' || s.duration === null) return s;
      return { ...s, status: 'scrubbing', resume: s.status };
    case 'scrubMove':
      if (s.status !== 'scrubbing') return s;
      return { ...s, elapsed: clamp(a.elapsed, s.duration) };
    case 'scrubEnd': {
      if (s.status !== 'scrubbing') return s;
      // SPEC §4: the drag ends in the status it started from (an 'ended' dragged away from
      // the end is paused there, so a tap plays from the chosen point).
      const back = s.resume ?? 'paused';
      const atEnd = s.duration !== null && s.elapsed >= s.duration;
      const status = back === 'ended' && !atEnd ? 'paused' : back;
      return { ...s, status, resume: null, seekTo: s.elapsed };
    }
    case 'seek':
      if (s.status === 'scrubbing') return { ...s, elapsed: clamp(a.to, s.duration) };
      if (s.duration === null) return s;
      return jump(s, a.to);
    case 'seekBy':
      if (s.status === 'scrubbing' || s.duration === null) return s;
      return jump(s, s.elapsed + a.delta);
    case 'seeked':
      return s.seekTo === null ? s : { ...s, seekTo: null };
    case 'rate':
      return PLAYBACK_RATES.includes(a.rate as (typeof PLAYBACK_RATES)[number])
        ? { ...s, rate: a.rate }
        : s;
    case 'error':
      // Shown as a message beside a paused player: a tap tries the file again.
      return { ...s, status: 'paused', autoplay: false, resume: null, error: a.message };
  }
  return s;
}

/** SPEC §4 icons: circle while loading, pause while playing, play when paused or ended. */
export function playerIcon(
  s: Pick<MediaPlayerState, 'status' | 'resume'>,
): 'circle' | 'pause' | 'play' {
  const status = s.status === 'scrubbing' ? (s.resume ?? 'paused') : s.status;
  if (status === 'loading') return 'circle';
  return status === 'playing' ? 'pause' : 'play';
}

/** SPEC §4: the spinner shows while loading or scrubbing. */
export const showsSpinner = (status: PlayerStatus): boolean =>
  status === 'loading' || status === 'scrubbing';

/** Whether the <audio> element should be playing now (it waits while loading or dragged). */
export const elementShouldPlay = (s: Pick<MediaPlayerState, 'status' | 'autoplay'>): boolean =>
  s.status === 'playing' || (s.status === 'loading' && s.autoplay);

/** m:ss (h:mm:ss from an hour), or '--:--' while the time is unknown (SPEC §2). */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const t = Math.floor(seconds);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** What a screen reader hears on the scrubber: '1:05 of 3:20'. */
export const scrubberText = (elapsed: number, duration: number | null): string =>
  `${formatTime(duration === null ? null : elapsed)} of ${formatTime(duration)}`;

/** The next speed of a cycling speed button. */
export function nextRate(rate: number): number {
  const i = PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]);
  return PLAYBACK_RATES[(i + 1) % PLAYBACK_RATES.length] ?? 1;
}

/** Within this of the end, a position counts as finished. */
export const FINISHED_MARGIN_SECONDS = 1;

/**
 * The position to remember for the POI the player holds: a finished (or almost finished)
 * POI is remembered at 0, so coming back to it starts it again.
 */
export function positionToRemember(
  s: Pick<MediaPlayerState, 'status' | 'elapsed' | 'duration'>,
): number {
  if (s.status === 'ended') return 0;
  if (s.duration !== null && s.elapsed >= s.duration - FINISHED_MARGIN_SECONDS) return 0;
  return Math.max(0, s.elapsed);
}

/** A remembered position read back (from storage): anything unusable starts at 0. */
export const resumePosition = (saved: unknown): number =>
  typeof saved === 'number' && Number.isFinite(saved) && saved > 0 ? saved : 0;

/** The key a position is remembered under: one per POI and language. */
export const positionKey = (poi: string, language: string | null): string =>
  `${poi}|${language ?? ''}`;
