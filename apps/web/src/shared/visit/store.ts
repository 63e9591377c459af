import { create } from 'zustand';
import { track } from '../insights/track';
import { setPreviewScope } from '../api/preview-scope';

/** SPEC §4 overlay modes of the guide screen. */
export type Overlay = 'poi' | 'scavenger' | 'challenge' | 'badges';
/** SPEC §2 point-detail layouts. */
export type DetailLayout = 'hidden' | 'compact' | 'full' | 'modal';
/**
 * Who selected a POI. 'auto' is the first POI when the list loads: it is made ready to play
 * but neither opened nor played, since the visitor has not asked for anything yet.
 */
export type SelectSource = 'user' | 'auto' | 'keypad' | 'location' | 'link';

export type PlayRequest = { poi: string; autoplay: boolean; n: number; source: SelectSource };
/**
 * The play request the player's element took (it holds that stop's audio), and whether play
 * was pressed for it: what the insights' audio watch is handed (docs/insights.md audio-start).
 */
export type HeldAudio = { request: PlayRequest; tapped: boolean };
export type DetailTab = 'description' | 'gallery' | 'challenge' | 'directions' | 'transcript';
/** What the Sharing dialog shares (a guide or one POI). */
export type ShareTarget = { url: string; title: string; text?: string; image?: string | null };

type VisitState = {
  guideToken: string | null;
  /** The selected POI as the screen shows it (see selectPoi). */
  selectedPoi: string | null;
  /** A new object whenever a selection should (re)load the POI's audio in the player. */
  playRequest: PlayRequest | null;
  /** The selection whose audio is starting, not yet shown (see selectPoi). */
  starting: PlayRequest | null;
  /** What the player holds: the request it last took (docs/insights.md audio-start). */
  held: HeldAudio | null;
  /** SPEC §4: reset on every selection; the player clears it once the audio first plays. */
  firstPlay: boolean;
  overlay: Overlay | null;
  /** The overlay the badges overlay was opened over: closing it goes back there (SPEC §4). */
  badgesFrom: Overlay | null;
  detailLayout: DetailLayout;
  selectedLayers: number[];
  poiSearch: string;
  view: 'carousel' | 'list';
  /** The tab a caller asked the POI detail to show (null: the SPEC default tab). */
  detailTab: DetailTab | null;
  /** The keypad dialog: closed, or open on the keypad or the directory. */
  keypad: 'keypad' | 'directory' | null;
  share: ShareTarget | null;
};

type VisitActions = {
  /** SPEC §2 guide entry: a new guide resets the POI detail and search; all layers selected. */
  enterGuide: (token: string, layerIds: number[]) => void;
  /**
   * SPEC §4 selecting a POI (selecting the selected one again opens its detail). Its audio is
   * asked for at once; `selectedPoi` and the detail follow when the player reports the audio
   * started (audioSettled) or after SELECTION_SHOW_WAIT_MS, at once when nothing will play.
   */
  selectPoi: (token: string, source?: SelectSource) => void;
  /** The player: play request `n` is playing, failed or was refused. */
  audioSettled: (n: number) => void;
  /** The player's element took this request (it may have taken it before, if remounted). */
  requestTaken: (request: PlayRequest) => void;
  /** The player's play button was pressed for the request it holds. */
  playPressed: () => void;
  openDetail: (layout?: Exclude<DetailLayout, 'hidden'>, tab?: DetailTab) => void;
  /** Closing the overlay is the back action (SPEC §4). */
  closeDetail: () => void;
  setOverlay: (overlay: Overlay | null) => void;
  /** The badges overlay (the map's badges control, a celebrated badge). */
  openBadges: () => void;
  closeBadges: () => void;
  toggleLayer: (id: number) => void;
  selectLayers: (ids: number[]) => void;
  setPoiSearch: (q: string) => void;
  setView: (view: VisitState['view']) => void;
  firstPlayDone: () => void;
  openKeypad: (mode?: 'keypad' | 'directory') => void;
  closeKeypad: () => void;
  openShare: (target: ShareTarget) => void;
  closeShare: () => void;
};

const initial: VisitState = {
  guideToken: null,
  selectedPoi: null,
  playRequest: null,
  starting: null,
  held: null,
  firstPlay: false,
  overlay: null,
  badgesFrom: null,
  detailLayout: 'hidden',
  selectedLayers: [],
  poiSearch: '',
  view: 'carousel',
  detailTab: null,
  keypad: null,
  share: null,
};

/**
 * Numbers play requests: never reset, so another guide's are new ones too (an id source only;
 * what the player took and holds is state: `held`).
 */
let requests = 0;

/**
 * The POI last selected, shown yet or still starting its audio: what a new selection is
 * compared with (the selected one again opens its detail; the first POI is not auto-selected
 * over a pick).
 */
export const requestedPoi = (s: Pick<VisitState, 'playRequest' | 'selectedPoi'>) =>
  s.playRequest?.poi ?? s.selectedPoi;

/**
 * The longest the screen waits for a selected POI's audio to start before it shows the
 * selection anyway (audio that is slow to arrive, or none).
 */
export const SELECTION_SHOW_WAIT_MS = 120;

/** The screen showing a selection (SPEC §2 layouts by who selected). */
const shown = ({ poi, source }: PlayRequest): Partial<VisitState> => ({
  starting: null,
  selectedPoi: poi,
  overlay: 'poi',
  detailTab: null,
  detailLayout: source === 'auto' ? 'hidden' : source === 'link' ? 'full' : 'compact',
});

/**
 * The one visit every guide feature agrees on (ARCHITECTURE "the guide screen"): features
 * read it and change it only through these actions; none imports another feature.
 */
export const useVisit = create<VisitState & VisitActions>()((set, get) => ({
  ...initial,
  enterGuide: (token, layerIds) => {
    setPreviewScope(token);
    // Another guide: a selection of the last one still starting is not shown.
    set((s) =>
      s.guideToken === token
        ? { selectedLayers: layerIds }
        : { ...initial, view: s.view, guideToken: token, selectedLayers: layerIds },
    );
  },
  selectPoi: (token, source = 'user') => {
    const s = get();
    if (requestedPoi(s) === token && source === 'user') {
      set({ overlay: 'poi', detailLayout: 'modal', detailTab: null });
      return;
    }
    const autoplay = source !== 'auto';
    const n = ++requests;
    const request = { poi: token, autoplay, n, source };
    // Chosen by the visitor (the first stop made ready is not): docs/insights.md stop-select.
    if (source !== 'auto')
      track({ kind: 'stop-select', poi: token, trigger: source === 'user' ? 'tap' : source });
    // The player takes the request in this task and starts the audio (SPEC §4 order: reset
    // the first-play flag, then play)...
    set({ playRequest: request, firstPlay: true });
    // ...and the screen follows once it has started: the detail, the highlighted stop and the
    // map's pan are not rendered in the tap's own task, ahead of the media element's.
    if (!autoplay) return set(shown(request));
    set({ starting: request });
    window.setTimeout(() => get().audioSettled(n), SELECTION_SHOW_WAIT_MS);
  },
  audioSettled: (n) => {
    const { starting } = get();
    if (starting?.n === n) set(shown(starting));
  },
  requestTaken: (request) => set({ held: { request, tapped: false } }),
  playPressed: () => set((s) => (s.held ? { held: { ...s.held, tapped: true } } : s)),
  openDetail: (layout = 'modal', tab) =>
    set({ overlay: 'poi', detailLayout: layout, detailTab: tab ?? null }),
  closeDetail: () => set({ overlay: null, detailLayout: 'hidden', detailTab: null }),
  setOverlay: (overlay) => set({ overlay }),
  openBadges: () =>
    set((s) => ({
      overlay: 'badges',
      badgesFrom: s.overlay === 'badges' ? s.badgesFrom : s.overlay,
    })),
  closeBadges: () =>
    set((s) => (s.overlay === 'badges' ? { overlay: s.badgesFrom, badgesFrom: null } : {})),
  toggleLayer: (id) =>
    set((s) => ({
      selectedLayers: s.selectedLayers.includes(id)
        ? s.selectedLayers.filter((l) => l !== id)
        : [...s.selectedLayers, id],
    })),
  selectLayers: (ids) => set({ selectedLayers: ids }),
  setPoiSearch: (poiSearch) => set({ poiSearch }),
  setView: (view) => set({ view }),
  firstPlayDone: () => set({ firstPlay: false }),
  openKeypad: (mode = 'keypad') => set({ keypad: mode }),
  closeKeypad: () => set({ keypad: null }),
  openShare: (share) => set({ share }),
  closeShare: () => set({ share: null }),
}));
