import type { SyntheticEvent } from 'react';
import type { PlayerEngine } from '../src/features/player/hooks/use-player-engine';

// A fake of the browser's <audio> (jsdom plays nothing): the part of HTMLMediaElement the
// player engine and the insights' audio watch use. The test plays the browser: it says when
// the metadata has loaded, the time moves, the file ends or fails, and whether autoplay is
// allowed. Its events reach the engine's handlers, as React's props on <audio> would, and
// listeners added with addEventListener (the audio watch).

type Handlers = PlayerEngine['audioEvents'];

/** The engine's handler for each media event (onLoadedMetadata for loadedmetadata, …). */
const HANDLER: Record<string, keyof Handlers> = {
  loadedmetadata: 'onLoadedMetadata',
  durationchange: 'onDurationChange',
  timeupdate: 'onTimeUpdate',
  ended: 'onEnded',
  playing: 'onPlaying',
  pause: 'onPause',
  error: 'onError',
};

export class FakeMedia extends EventTarget {
  /** The engine's handlers, as <audio {...audioEvents}> attaches them. */
  handlers: Handlers | null = null;
  /** Sound before any tap: a browser's autoplay policy refuses it when false. */
  autoplayAllowed = true;
  /** Every play() call, with the source it was asked for. */
  plays: string[] = [];
  paused = true;
  ended = false;
  readyState = 0;
  duration = NaN;
  currentTime = 0;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  isConnected = true;
  private source = '';

  get src(): string {
    return this.source;
  }
  set src(url: string) {
    // A new source: the last one is dropped (emptied), nothing is known of the new one yet.
    this.source = url;
    this.readyState = 0;
    this.duration = NaN;
    this.currentTime = 0;
    this.ended = false;
    if (!this.paused) {
      this.paused = true;
      this.fire('pause');
    }
    this.fire('emptied');
  }
  get currentSrc(): string {
    return this.source;
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.source = '';
  }

  load(): void {
    this.readyState = 0;
    this.paused = true;
    this.fire('emptied');
  }

  play(): Promise<void> {
    this.plays.push(this.source);
    if (!this.autoplayAllowed) {
      // HTML: a play the user agent does not allow is refused before the element leaves pause.
      return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    }
    if (this.paused) {
      this.paused = false;
      this.ended = false;
      this.fire('play');
      if (this.readyState >= 3) this.fire('playing');
    }
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }

  /** The metadata arrived (and enough data to play): `playing` follows if play was asked. */
  loaded(duration: number): void {
    this.duration = duration;
    this.readyState = 4;
    this.fire('loadedmetadata');
    this.fire('durationchange');
    if (!this.paused) this.fire('playing');
  }

  /** Playback reached `t` seconds. */
  at(t: number): void {
    this.currentTime = t;
    this.fire('timeupdate');
  }

  /** Playback reached the end of the file. */
  end(): void {
    this.currentTime = this.duration;
    this.paused = true;
    this.ended = true;
    this.fire('timeupdate');
    this.fire('pause');
    this.fire('ended');
  }

  /** The element left the page (the player unmounted): the browser pauses it. */
  detach(): void {
    this.handlers = null;
    this.isConnected = false;
    this.pause();
  }

  /** Something else paused it (a call, unplugged headphones). */
  interrupt(): void {
    this.pause();
  }

  /** The file could not be loaded. */
  fail(): void {
    this.fire('error');
  }

  fire(type: string): void {
    this.dispatchEvent(new Event(type));
    const name = HANDLER[type];
    if (name && this.handlers)
      this.handlers[name]({ currentTarget: this } as unknown as SyntheticEvent<HTMLAudioElement>);
  }
}
