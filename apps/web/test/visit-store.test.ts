import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTION_SHOW_WAIT_MS, useVisit, type SelectSource } from '../src/shared/visit/store';
import { useSelectedLanguage } from '../src/shared/lib/selected-language';

// The tracking call each selection sends is checked against the real server in e2e.
beforeEach(() => {
  vi.useFakeTimers();
  useVisit.setState(useVisit.getInitialState());
  useVisit.getState().enterGuide('walk', [1, 2]);
});
afterEach(() => vi.useRealTimers());

const state = () => useVisit.getState();
/** A selection as the player completes it: the audio of the last request has started. */
const select = (token: string, source?: SelectSource) => {
  state().selectPoi(token, source);
  state().audioSettled(state().playRequest!.n);
};

describe('visit store (SPEC §4 selecting a POI)', () => {
  it('a user selection opens the compact detail, asks the player to play and asks for a play', () => {
    useSelectedLanguage.getState().select('walk', 'es');
    select('a');
    expect(state()).toMatchObject({
      selectedPoi: 'a',
      overlay: 'poi',
      detailLayout: 'compact',
      firstPlay: true,
      playRequest: { poi: 'a', autoplay: true },
    });
  });

  it('selecting the selected POI again opens the detail overlay, without a new play request', () => {
    select('a');
    const request = state().playRequest;
    select('a');
    expect(state().detailLayout).toBe('modal');
    expect(state().playRequest).toBe(request);
  });

  it.each([
    ['auto', 'hidden', false],
    ['keypad', 'compact', true],
    ['location', 'compact', true],
    ['link', 'full', true],
  ] as const)('source %s → detail %s, autoplay %s', (source, layout, autoplay) => {
    select('b', source);
    expect(state().detailLayout).toBe(layout);
    expect(state().playRequest).toMatchObject({ poi: 'b', autoplay });
  });

  it('the audio is asked for at once; the screen shows the selection once the audio has started', () => {
    state().selectPoi('a');
    expect(state().playRequest).toMatchObject({ poi: 'a', autoplay: true });
    expect(state()).toMatchObject({ selectedPoi: null, detailLayout: 'hidden', firstPlay: true });
    state().audioSettled(state().playRequest!.n);
    expect(state()).toMatchObject({ selectedPoi: 'a', overlay: 'poi', detailLayout: 'compact' });
  });

  it('audio that does not start in time: the selection shows after the wait all the same', () => {
    state().selectPoi('a');
    vi.advanceTimersByTime(SELECTION_SHOW_WAIT_MS - 1);
    expect(state().selectedPoi).toBeNull();
    vi.advanceTimersByTime(1);
    expect(state().selectedPoi).toBe('a');
  });

  it('a selection with nothing to play (the first POI on entry) shows at once', () => {
    state().selectPoi('a', 'auto');
    expect(state()).toMatchObject({ selectedPoi: 'a', detailLayout: 'hidden' });
  });

  it('a newer selection replaces one still starting; a late report of the old one is ignored', () => {
    state().selectPoi('a');
    const old = state().playRequest!.n;
    state().selectPoi('b');
    state().audioSettled(old);
    expect(state().selectedPoi).toBeNull();
    vi.advanceTimersByTime(SELECTION_SHOW_WAIT_MS);
    expect(state().selectedPoi).toBe('b');
  });

  it('a second tap on a stop still starting opens its detail, without a new play request', () => {
    state().selectPoi('a');
    const request = state().playRequest;
    state().selectPoi('a');
    expect(state().playRequest).toBe(request);
    expect(state().detailLayout).toBe('modal');
  });

  it('entering the same guide again keeps a selection still starting', () => {
    state().selectPoi('a');
    state().enterGuide('walk', [1, 2]);
    state().audioSettled(state().playRequest!.n);
    expect(state().selectedPoi).toBe('a');
  });

  it('entering another guide drops a selection still starting', () => {
    state().selectPoi('a');
    state().enterGuide('other', [7]);
    vi.advanceTimersByTime(SELECTION_SHOW_WAIT_MS);
    expect(state().selectedPoi).toBeNull();
  });

  it('every selection is a new play request, even of a POI selected before', () => {
    select('a');
    const first = state().playRequest;
    select('b');
    select('a');
    expect(state().playRequest).not.toBe(first);
    expect(state().playRequest!.n).toBeGreaterThan(first!.n);
  });

  it('the player holds the request it took, play pressed is marked on it; another guide clears it', () => {
    select('a');
    const request = state().playRequest!;
    state().requestTaken(request);
    expect(state().held).toEqual({ request, tapped: false });
    state().playPressed();
    expect(state().held).toEqual({ request, tapped: true });
    state().enterGuide('other', [7]);
    expect(state().held).toBeNull();
    state().playPressed();
    expect(state().held).toBeNull();
    // Request numbers go on across guides: a player never mistakes a new one for one it took.
    select('x');
    expect(state().playRequest!.n).toBeGreaterThan(request.n);
  });

  it('entering another guide resets the POI detail and search and selects all its layers', () => {
    select('a');
    state().setPoiSearch('gate');
    state().toggleLayer(1);
    expect(state().selectedLayers).toEqual([2]);
    state().enterGuide('other', [7, 8]);
    expect(state()).toMatchObject({
      guideToken: 'other',
      selectedPoi: null,
      overlay: null,
      detailLayout: 'hidden',
      poiSearch: '',
      selectedLayers: [7, 8],
    });
  });

  it('entering the same guide again keeps the selection and selects all layers', () => {
    select('a');
    state().selectLayers([]);
    state().enterGuide('walk', [1, 2]);
    expect(state()).toMatchObject({ selectedPoi: 'a', selectedLayers: [1, 2] });
  });

  it('closing the detail hides it; the keypad and sharing open and close', () => {
    select('a');
    state().openDetail('modal', 'transcript');
    expect(state()).toMatchObject({ detailLayout: 'modal', detailTab: 'transcript' });
    state().closeDetail();
    expect(state()).toMatchObject({ overlay: null, detailLayout: 'hidden', detailTab: null });
    state().openKeypad();
    expect(state().keypad).toBe('keypad');
    state().closeKeypad();
    state().openShare({ url: 'https://x/guide/walk', title: 'Walk' });
    expect(state().share?.url).toBe('https://x/guide/walk');
    state().closeShare();
    expect(state()).toMatchObject({ keypad: null, share: null });
  });
});
