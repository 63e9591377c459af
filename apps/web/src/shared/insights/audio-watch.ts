import { heardShare, type InsightTrigger } from '@earshot/core';
import type { HeldAudio } from '../visit/store';
import { track, visitNow, type InsightInput } from './track';

/** One stop's audio in the player, from its selection until it stops being the player's. */
type Listen = {
  n: number;
  src: string;
  poi: string;
  /** The visit it belongs to, kept: the guide may be left before it is reported. */
  at: Pick<InsightInput, 'guide' | 'language' | 'visit'>;
  furthest: number;
  duration: number;
  done: boolean;
};

const watched = new WeakSet<HTMLAudioElement>();

/** How the audio of a request started (docs/insights.md audio-start). */
function triggerOf({ request, tapped }: HeldAudio): InsightTrigger {
  // Play pressed: for a stop made ready without sound, or after the browser refused autoplay.
  if (!request.autoplay || tapped) return 'tap';
  return request.source === 'location' ? 'location' : 'autoplay';
}

/**
 * Watches the player's one <audio> element (loaded at its first play, see track.ts): an
 * audio-start the first time a selected stop's audio plays, and an audio-heard with the share
 * heard when it stops being the player's — another stop, the guide left (the element leaves
 * the page), the page hidden while paused or gone — or when it ends. `held` is what the player
 * holds now: the play request its element took and whether play was pressed for it.
 */
export function watch(audio: HTMLAudioElement, held: () => HeldAudio | null): void {
  // Once per element (React's development double effects ask twice).
  if (watched.has(audio)) return;
  watched.add(audio);
  let cur: Listen | null = null;

  const finish = (ended = false) => {
    const c = cur;
    if (!c || c.done) return;
    c.done = true;
    track({
      kind: 'audio-heard',
      poi: c.poi,
      heard: heardShare(c.furthest, c.duration, ended),
      ...c.at,
    });
  };

  const playing = () => {
    const h = held();
    if (!h) return;
    const req = h.request;
    const src = audio.currentSrc;
    if (cur && cur.n === req.n && cur.src === src) return;
    finish();
    track({ kind: 'audio-start', poi: req.poi, trigger: triggerOf(h) });
    const at = visitNow();
    cur = at
      ? { n: req.n, src, poi: req.poi, at, furthest: audio.currentTime, duration: NaN, done: false }
      : null;
  };

  const progress = () => {
    if (!cur || cur.done || audio.currentSrc !== cur.src) return;
    cur.furthest = Math.max(cur.furthest, audio.currentTime);
    if (Number.isFinite(audio.duration)) cur.duration = audio.duration;
  };

  const gone = () => {
    if (audio.isConnected) return;
    finish();
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', left);
  };
  const hidden = () => {
    // Still playing with the screen off: it goes on being heard; its end or the page's
    // going reports it.
    if (document.visibilityState === 'hidden' && audio.paused) finish();
  };
  const left = () => {
    progress();
    finish();
  };

  audio.addEventListener('playing', playing);
  audio.addEventListener('timeupdate', progress);
  audio.addEventListener('durationchange', progress);
  audio.addEventListener('ended', () => {
    progress();
    finish(true);
  });
  // A new source (another stop, another language, none): the last one stopped being heard.
  audio.addEventListener('emptied', () => finish());
  // Paused because the element left the page (the guide was left).
  audio.addEventListener('pause', () => window.setTimeout(gone));
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', left);
  // Loaded after the first play began: it may be playing already.
  if (!audio.paused && audio.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) playing();
}
