import 'fake-indexeddb/auto';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionKey, type GuideDetail, type Poi } from '@earshot/core';
import {
  AUDIO_FAILED,
  NO_AUDIO,
  usePlayerEngine,
} from '../src/features/player/hooks/use-player-engine';
import { rememberedPosition, rememberPosition } from '../src/features/player/lib/positions';
import { mine, openGuideScreen } from '../src/shared/insights/track';
import { useSelectedLanguage } from '../src/shared/lib/selected-language';
import { tourByTokenQueryOptions } from '../src/shared/visit/api/get-tour-by-token';
import { useVisit, type SelectSource } from '../src/shared/visit/store';
import { FakeMedia } from './fake-media';

// The player's engine (SPEC §4) on a fake <audio> (test/fake-media.ts): what a tap on a stop
// does to the element, what the element's events do to the player and the visit, and what the
// insights' audio watch is handed. e2e's guide-player specs play real audio in Chromium.

const poi = (token: string, audio: string | null, fr?: string): Poi =>
  ({
    token,
    title: `Stop ${token}`,
    subtitle: `About ${token}`,
    description: '',
    color: '3366ff',
    audio_url: audio,
    image_urls: [],
    layer_id: null,
    metadata: [],
    translations: fr
      ? {
          fr: {
            title: `Arrêt ${token}`,
            subtitle: '',
            description: '',
            audio_url: fr,
            audio2: null,
            transcript: null,
          },
        }
      : {},
  }) as unknown as Poi;

const guides: Record<string, GuideDetail> = {
  walk: {
    token: 'walk',
    title: 'Walk',
    layers: [],
    languages: [],
    language: null,
    pois: [poi('a', '/a.mp3'), poi('b', '/b.mp3'), poi('c', null)],
  } as unknown as GuideDetail,
  duo: {
    token: 'duo',
    title: 'Duo',
    layers: [],
    languages: [
      { code: 'en', label: 'English' },
      { code: 'fr', label: 'Français' },
    ],
    language: 'en',
    pois: [poi('d', '/en/d.mp3', '/fr/d.mp3')],
  } as unknown as GuideDetail,
};

const visit = () => useVisit.getState();
/** The elements of this test, taken off the page after it (as React's unmount does). */
const elements: FakeMedia[] = [];

/** The engine on a fake element, in a visit of `guide` (its detail already loaded). */
function mount(guide = 'walk', strict = false) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  qc.setQueryData(tourByTokenQueryOptions(guide).queryKey, guides[guide]);
  const media = new FakeMedia();
  elements.push(media);
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const hook = renderHook(
    () => {
      const engine = usePlayerEngine();
      // As React attaches <audio ref={audioRef} {...audioEvents}>: before the engine's effects.
      useLayoutEffect(() => {
        engine.audioRef.current = media as unknown as HTMLAudioElement;
        media.handlers = engine.audioEvents;
      });
      return engine;
    },
    { wrapper },
  );
  const unmount = () => {
    hook.unmount();
    media.detach();
  };
  return { media, unmount, engine: () => hook.result.current };
}

/** A stop selected (a tap, a keypad code…) and its audio's metadata arrived. */
function play(media: FakeMedia, token: string, source: SelectSource = 'user', duration = 60) {
  act(() => visit().selectPoi(token, source));
  act(() => media.loaded(duration));
}

const audioEvents = () =>
  mine.events
    .filter((e) => e.kind.startsWith('audio'))
    .map((e) => [e.kind, e.poi_token, e.trigger ?? e.heard]);

let leaveScreen = () => {};
beforeEach(() => {
  // The insights' sender may load meanwhile: it finds no server here.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  sessionStorage.clear();
  mine.events = [];
  // Positions are remembered for the page (positions.ts): every stop starts at 0.
  for (const key of ['a|', 'b|', 'c|', 'd|en', 'd|fr']) rememberPosition(key, 0);
  useSelectedLanguage.setState({ byGuide: {} });
  useVisit.setState(useVisit.getInitialState());
  visit().enterGuide('walk', []);
  leaveScreen = openGuideScreen('walk', 'und');
});
afterEach(() => {
  for (const media of elements.splice(0)) media.detach();
  leaveScreen();
  vi.restoreAllMocks();
});

describe('player engine: a selected stop', () => {
  it.each([
    ['user', true],
    ['keypad', true],
    ['location', true],
    ['link', true],
    ['auto', false],
  ] as const)('from %s: the source is set in the selecting task, played: %s', (source, plays) => {
    const { media, engine } = mount();
    act(() => {
      visit().selectPoi('a', source);
      // Before React renders: the element has its file and play() was called, or not.
      expect(media.src).toBe('/a.mp3');
      expect(media.plays).toEqual(plays ? ['/a.mp3'] : []);
    });
    expect(engine().state).toMatchObject({ status: 'loading', autoplay: plays, file: '/a.mp3' });
    act(() => media.loaded(60));
    expect(engine().state).toMatchObject({
      status: plays ? 'playing' : 'paused',
      duration: 60,
      title: 'Stop a',
    });
    expect(engine().poi?.token).toBe('a');
    expect(media.paused).toBe(!plays);
    expect(visit().held).toEqual({ request: visit().playRequest, tapped: false });
  });

  it('the screen shows the selection once its audio plays, and the first play is done', () => {
    const { media } = mount();
    act(() => visit().selectPoi('a'));
    expect(visit()).toMatchObject({ selectedPoi: null, firstPlay: true });
    act(() => media.loaded(60));
    expect(visit()).toMatchObject({ selectedPoi: 'a', detailLayout: 'compact', firstPlay: false });
  });

  it('autoplay refused by the browser: ready to play, shown at once, and play pressed is a tap', async () => {
    const { media, engine } = mount();
    media.autoplayAllowed = false;
    await act(async () => visit().selectPoi('a'));
    expect(engine().state).toMatchObject({ status: 'loading', autoplay: false, error: null });
    expect(visit().selectedPoi).toBe('a');
    act(() => media.loaded(60));
    expect(engine().state.status).toBe('paused');
    expect(media.paused).toBe(true);
    // The visitor presses play: a gesture, which the browser allows.
    media.autoplayAllowed = true;
    act(() => engine().toggle());
    expect(engine().state.status).toBe('playing');
    expect(media.paused).toBe(false);
    expect(visit().held?.tapped).toBe(true);
    await vi.waitFor(() => expect(audioEvents()).toEqual([['audio-start', 'a', 'tap']]));
  });

  it('a stop without audio says so and plays nothing', async () => {
    const { media, engine } = mount();
    act(() => visit().selectPoi('c'));
    expect(media.src).toBe('');
    expect(media.plays).toEqual([]);
    expect(engine().state).toMatchObject({ error: NO_AUDIO, status: 'paused', file: '' });
    await vi.waitFor(() => expect(visit().selectedPoi).toBe('c'));
  });

  it('a file that fails: the message, the selection shown, and a tap tries the file again', () => {
    const { media, engine } = mount();
    act(() => visit().selectPoi('a'));
    act(() => media.fail());
    expect(engine().state).toMatchObject({ error: AUDIO_FAILED, status: 'paused' });
    expect(visit().selectedPoi).toBe('a');
    act(() => engine().toggle());
    expect(media.plays).toEqual(['/a.mp3', '/a.mp3']);
    expect(engine().state).toMatchObject({ error: null, status: 'loading', autoplay: true });
  });
});

describe('player engine: the element and the player state', () => {
  it('the end: ended, nothing else is selected or played, the stop starts over next time', () => {
    const { media, engine } = mount();
    play(media, 'a');
    act(() => media.at(30));
    const request = visit().playRequest;
    act(() => media.end());
    expect(engine().state).toMatchObject({ status: 'ended', elapsed: 60 });
    expect(visit().playRequest).toBe(request);
    expect(media.plays).toEqual(['/a.mp3']);
    expect(rememberedPosition(positionKey('a', null))).toBe(0);
    // Play again: from the start.
    act(() => engine().toggle());
    expect(media.currentTime).toBe(0);
    expect(media.plays).toEqual(['/a.mp3', '/a.mp3']);
    expect(engine().state.status).toBe('playing');
  });

  it.each([
    [{ type: 'seek', to: 30 }, 30],
    [{ type: 'seekBy', delta: 15 }, 55],
    [{ type: 'seekBy', delta: -15 }, 25],
    [{ type: 'seekBy', delta: 100 }, 120],
  ] as const)('%o moves the element to %s s', (action, to) => {
    const { media, engine } = mount();
    play(media, 'a', 'user', 120);
    act(() => media.at(40));
    act(() => engine().dispatch(action));
    expect(media.currentTime).toBe(to);
    expect(engine().state).toMatchObject({ elapsed: to, seekTo: null });
  });

  it('the speed is the element’s, and stays with the next stop', () => {
    const { media, engine } = mount();
    play(media, 'a');
    act(() => engine().dispatch({ type: 'rate', rate: 1.5 }));
    expect([media.playbackRate, media.defaultPlaybackRate]).toEqual([1.5, 1.5]);
    act(() => visit().selectPoi('b'));
    expect([media.src, media.playbackRate, media.defaultPlaybackRate]).toEqual([
      '/b.mp3',
      1.5,
      1.5,
    ]);
  });

  it('a stop selected again resumes where it was left', () => {
    const { media, engine } = mount();
    play(media, 'b');
    act(() => media.at(42));
    play(media, 'a');
    act(() => visit().selectPoi('b', 'keypad'));
    expect(media.currentTime).toBe(42);
    expect(engine().state).toMatchObject({ elapsed: 42, status: 'loading' });
  });

  it('paused by something else (a call): the player shows it paused', () => {
    const { media, engine } = mount();
    play(media, 'a');
    act(() => media.interrupt());
    expect(engine().state.status).toBe('paused');
  });

  it.each([
    [true, ['/en/d.mp3', '/fr/d.mp3']],
    [false, []],
  ])(
    'a new visit language: the same stop in it, played if it was playing (%s)',
    (playing, plays) => {
      act(() => visit().enterGuide('duo', []));
      const { media, engine } = mount('duo');
      act(() => visit().selectPoi('d', playing ? 'user' : 'auto'));
      act(() => media.loaded(60));
      act(() => media.at(20));
      const request = visit().playRequest;
      act(() => useSelectedLanguage.getState().select('duo', 'fr'));
      expect(media.src).toBe('/fr/d.mp3');
      expect(media.plays).toEqual(plays);
      expect(engine().state).toMatchObject({ title: 'Arrêt d', autoplay: playing });
      expect(visit().playRequest).toBe(request);
      // Each language keeps its own place.
      act(() => useSelectedLanguage.getState().select('duo', 'en'));
      expect([media.src, media.currentTime]).toEqual(['/en/d.mp3', 20]);
    },
  );
});

describe('player engine: mounting', () => {
  it('a player mounted again takes the stop it was asked for without playing it again', () => {
    const first = mount();
    play(first.media, 'a');
    first.unmount();
    const again = mount();
    expect(again.media.src).toBe('/a.mp3');
    expect(again.media.plays).toEqual([]);
    expect(again.engine().state).toMatchObject({ file: '/a.mp3', autoplay: false });
  });

  it('React’s development double effects take a request once', () => {
    act(() => visit().selectPoi('a'));
    const { media, engine } = mount('walk', true);
    expect(media.plays).toEqual(['/a.mp3']);
    expect(engine().state).toMatchObject({ file: '/a.mp3', autoplay: true });
  });
});

describe('player engine: what the insights watch is handed', () => {
  it('each play with its request: which stop, how it was asked for, the share heard', async () => {
    const { media } = mount();
    play(media, 'a', 'location');
    await vi.waitFor(() => expect(audioEvents()).toHaveLength(1));
    act(() => media.at(30));
    play(media, 'b', 'keypad');
    act(() => media.at(60));
    act(() => media.end());
    await vi.waitFor(() =>
      expect(audioEvents()).toEqual([
        ['audio-start', 'a', 'location'],
        ['audio-heard', 'a', 50],
        ['audio-start', 'b', 'autoplay'],
        ['audio-heard', 'b', 100],
      ]),
    );
  });

  it('a stop made ready without sound, then played: a tap', async () => {
    const { media, engine } = mount();
    play(media, 'a', 'auto');
    act(() => engine().toggle());
    await vi.waitFor(() => expect(audioEvents()).toEqual([['audio-start', 'a', 'tap']]));
  });
});
