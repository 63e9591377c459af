import { beforeEach, describe, expect, it } from 'vitest';
import { useVisit } from '../src/shared/visit/store';
import { useSelectedLanguage } from '../src/shared/lib/selected-language';

// The tracking call each selection sends is checked against the real server in e2e.
beforeEach(() => {
  useVisit.setState(useVisit.getInitialState());
  useVisit.getState().enterGuide('walk', [1, 2]);
});

const state = () => useVisit.getState();

describe('visit store (SPEC §4 selecting a POI)', () => {
  it('a user selection opens the compact detail, asks the player to play and asks for a play', () => {
    useSelectedLanguage.getState().select('walk', 'es');
    state().selectPoi('a');
    expect(state()).toMatchObject({
      selectedPoi: 'a',
      overlay: 'poi',
      detailLayout: 'compact',
      firstPlay: true,
      playRequest: { poi: 'a', autoplay: true },
    });
  });

  it('selecting the selected POI again opens the detail overlay, without a new play request', () => {
    state().selectPoi('a');
    const request = state().playRequest;
    state().selectPoi('a');
    expect(state().detailLayout).toBe('modal');
    expect(state().playRequest).toBe(request);
  });

  it.each([
    ['auto', 'hidden', false],
    ['keypad', 'compact', true],
    ['location', 'compact', true],
    ['link', 'full', true],
  ] as const)('source %s → detail %s, autoplay %s', (source, layout, autoplay) => {
    state().selectPoi('b', source);
    expect(state().detailLayout).toBe(layout);
    expect(state().playRequest).toMatchObject({ poi: 'b', autoplay });
  });

  it('every selection is a new play request, even of a POI selected before', () => {
    state().selectPoi('a');
    const first = state().playRequest;
    state().selectPoi('b');
    state().selectPoi('a');
    expect(state().playRequest).not.toBe(first);
    expect(state().playRequest!.n).toBeGreaterThan(first!.n);
  });

  it('entering another guide resets the POI detail and search and selects all its layers', () => {
    state().selectPoi('a');
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
    state().selectPoi('a');
    state().selectLayers([]);
    state().enterGuide('walk', [1, 2]);
    expect(state()).toMatchObject({ selectedPoi: 'a', selectedLayers: [1, 2] });
  });

  it('closing the detail hides it; the keypad and sharing open and close', () => {
    state().selectPoi('a');
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
