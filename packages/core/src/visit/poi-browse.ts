import type { Poi } from '../contract/api.js';
import { markerLabel } from './guide-map.js';

/**
 * Embla's `duration` is not in milliseconds: each 60 Hz step its scroll body adds
 * displacement / duration to a velocity damped by 0.68. With 12 a scroll covers 95% of its way
 * in 12 steps (200 ms, SPEC §9 CAROUSEL_SCROLL_MS) with a 3% overshoot; 25 (Embla's default)
 * takes 480 ms. e2e/tests/guide-stops.spec.ts measures it in the browser.
 */
export const CAROUSEL_EMBLA_DURATION = 12;

/** The online link of a POI (SPEC §2 /guide/{token}/{poiToken}), as its link menu shows it. */
export const poiLink = (origin: string, guideToken: string, poiToken: string): string =>
  `${origin}/guide/${encodeURIComponent(guideToken)}/${encodeURIComponent(poiToken)}`;

/**
 * SPEC §2 carousel star: none without a challenge; yellow ('active') while the challenge is
 * active — the visitor has not answered it (SPEC §4; for anonymous visitors always) — grey
 * ('inactive') once answered.
 */
export function challengeStar(
  poi: Pick<Poi, 'challenge'>,
  answered: ReadonlySet<number>,
): 'active' | 'inactive' | null {
  if (poi.challenge == null) return null;
  return answered.has(poi.challenge) ? 'inactive' : 'active';
}

/**
 * Wheel travel (in CSS pixels) that moves the carousel by one item: less than one mouse notch
 * even on a dense screen (Chromium reports 100 px divided by the device pixel ratio there).
 */
export const WHEEL_STEP_PX = 30;
const LINE_PX = 40;
const PAGE_PX = 800;

/**
 * Turns wheel events into carousel steps of one item. Travel on the dominant axis adds up
 * (a trackpad sends many small deltas, a mouse notch one large one) until it reaches
 * WHEEL_STEP_PX; then one step is taken and the rest dropped, so a fast flick of a
 * free-spinning wheel does not queue a dozen steps. Down and right scroll forward.
 */
export function wheelStep(
  rest: number,
  e: { deltaX: number; deltaY: number; deltaMode: number },
): { step: -1 | 0 | 1; rest: number } {
  const unit = e.deltaMode === 1 ? LINE_PX : e.deltaMode === 2 ? PAGE_PX : 1;
  const delta = (Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY) * unit;
  // A change of direction starts over rather than first cancelling what was left.
  const sum = Math.sign(delta) === -Math.sign(rest) ? delta : rest + delta;
  if (Math.abs(sum) < WHEEL_STEP_PX) return { step: 0, rest: sum };
  return { step: sum > 0 ? 1 : -1, rest: 0 };
}

/**
 * Roving focus among `count` items: the index a key moves to, or null when the key is not
 * one the strip handles. `axis` is the arrows of the strip ('x' carousel, 'y' list); the
 * ends do not wrap, as on a printed list.
 */
export function rovingIndex(
  key: string,
  current: number,
  count: number,
  axis: 'x' | 'y',
): number | null {
  if (count === 0) return null;
  const [back, forward] = axis === 'x' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case back:
      return clamp(current - 1);
    case forward:
      return clamp(current + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The accessible name of a stop in the carousel and the list: the marker's name (keypad code
 * and title) and, since the star is a picture, whether it has a challenge.
 */
export function stopName(
  poi: Pick<Poi, 'keypad_code' | 'title'>,
  star: 'active' | 'inactive' | null,
): string {
  const name = markerLabel(poi);
  if (!star) return name;
  return `${name}, ${star === 'active' ? 'challenge' : 'challenge answered'}`;
}
