import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeldAudio, PlayRequest } from '../src/shared/visit/store';

// What is heard of each stop (docs/insights.md audio-start, audio-heard), watched on the
// player's <audio>: the element's events are dispatched as a browser would, its position and
// length set on it (jsdom plays nothing). e2e's insights-events spec plays real audio.

const load = async () => {
  vi.resetModules();
  const track = await import('../src/shared/insights/track');
  const { watch } = await import('../src/shared/insights/audio-watch');
  return { ...track, watch };
};

type Media = { src: string; time: number; duration: number; paused: boolean; ready: number };

/** An <audio> whose playback state the test sets. */
function element() {
  const audio = document.createElement('audio');
  const m: Media = { src: '', time: 0, duration: NaN, paused: true, ready: 0 };
  Object.defineProperties(audio, {
    currentSrc: { get: () => m.src },
    currentTime: { get: () => m.time },
    duration: { get: () => m.duration },
    paused: { get: () => m.paused },
    readyState: { get: () => m.ready },
  });
  document.body.append(audio);
  const fire = (type: string) => audio.dispatchEvent(new Event(type));
  return { audio, m, fire };
}

/** What the player holds (the visit store's `held`): the request its element took. */
let held: HeldAudio | null = null;
const select = (request: PlayRequest) => {
  held = { request, tapped: false };
};

beforeEach(() => {
  // The sender may load meanwhile (the page hidden): it finds no server here.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  held = null;
});

const kinds = (events: { kind: string; poi_token?: string; trigger?: string; heard?: number }[]) =>
  events
    .filter((e) => e.kind.startsWith('audio'))
    .map((e) => [e.kind, e.poi_token, e.trigger ?? e.heard]);

describe('the audio watch', () => {
  it('a start per selection, how it started, and the share heard when another stop takes the player', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en');
    const { audio, m, fire } = element();
    page.watch(audio, () => held);
    select({ poi: 'p1', autoplay: true, n: 1, source: 'user' });
    Object.assign(m, { src: '/a1.mp3', paused: false, ready: 4, duration: 120 });
    fire('playing');
    for (const t of [10, 30, 45]) {
      m.time = t;
      fire('timeupdate');
    }
    // Paused and played again: no second start in the same selection.
    fire('pause');
    fire('playing');
    // Scrubbed back: the furthest point reached counts.
    m.time = 20;
    fire('timeupdate');
    // Another stop chosen by its keypad code: the element is emptied for its file.
    select({ poi: 'p2', autoplay: true, n: 2, source: 'keypad' });
    fire('emptied');
    Object.assign(m, { src: '/a2.mp3', time: 0, duration: 60 });
    fire('playing');
    m.time = 60;
    fire('timeupdate');
    fire('ended');
    expect(kinds(page.mine.events)).toEqual([
      ['audio-start', 'p1', 'autoplay'],
      ['audio-heard', 'p1', 38],
      ['audio-start', 'p2', 'autoplay'],
      ['audio-heard', 'p2', 100],
    ]);
  });

  it('play pressed (a stop made ready, or autoplay refused) is a tap; a location trigger is location', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en');
    const { audio, m, fire } = element();
    page.watch(audio, () => held);
    select({ poi: 'p1', autoplay: false, n: 1, source: 'auto' });
    Object.assign(m, { src: '/a1.mp3', paused: false, ready: 4, duration: 10 });
    fire('playing');
    select({ poi: 'p2', autoplay: true, n: 2, source: 'user' });
    fire('emptied');
    // The browser refused the autoplay; the visitor pressed play (the player marks it).
    held = { ...held!, tapped: true };
    m.src = '/a2.mp3';
    fire('playing');
    select({ poi: 'p3', autoplay: true, n: 3, source: 'location' });
    fire('emptied');
    m.src = '/a3.mp3';
    fire('playing');
    expect(kinds(page.mine.events).filter(([k]) => k === 'audio-start')).toEqual([
      ['audio-start', 'p1', 'tap'],
      ['audio-start', 'p2', 'tap'],
      ['audio-start', 'p3', 'location'],
    ]);
  });

  it('the guide left (the element leaves the page) or the page hidden while paused: heard so far', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en');
    const { audio, m, fire } = element();
    page.watch(audio, () => held);
    select({ poi: 'p1', autoplay: true, n: 1, source: 'user' });
    Object.assign(m, { src: '/a1.mp3', paused: false, ready: 4, duration: 100 });
    fire('playing');
    m.time = 25;
    fire('timeupdate');
    // Hidden while it plays (the screen locked): still being heard, nothing yet.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(kinds(page.mine.events)).toHaveLength(1);
    // The guide left: React removes the player, the browser pauses the element.
    const heardBefore = page.visitNow();
    audio.remove();
    m.paused = true;
    fire('pause');
    await new Promise((r) => setTimeout(r, 0));
    expect(kinds(page.mine.events)).toEqual([
      ['audio-start', 'p1', 'autoplay'],
      ['audio-heard', 'p1', 25],
    ]);
    // It names the visit it was heard in.
    expect(page.mine.events.at(-1)!.visit_id).toBe(heardBefore!.visit);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('loaded after its first play began (it loads at that play): the start is still counted, once', async () => {
    const page = await load();
    page.openGuideScreen('g', 'en');
    const { audio, m, fire } = element();
    select({ poi: 'p1', autoplay: true, n: 1, source: 'link' });
    Object.assign(m, { src: '/a1.mp3', paused: false, ready: 4, duration: 10 });
    page.watch(audio, () => held);
    page.watch(audio, () => held);
    fire('playing');
    expect(kinds(page.mine.events)).toEqual([['audio-start', 'p1', 'autoplay']]);
  });
});
