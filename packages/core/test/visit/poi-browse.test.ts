import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_EMBLA_DURATION,
  CAROUSEL_SCROLL_MS,
  challengeStar,
  poiLink,
  rovingIndex,
  stopName,
  WHEEL_STEP_PX,
  wheelStep,
} from '../../src/index.js';

describe('poiLink (the link menu of a stop)', () => {
  it.each([
    ['https://x.org', 'walk', 'gate', 'https://x.org/guide/walk/gate'],
    ['http://127.0.0.1:3000', 'a&b', 'p 1', 'http://127.0.0.1:3000/guide/a%26b/p%201'],
  ])('%s %s %s → %s', (origin, guide, poi, url) => expect(poiLink(origin, guide, poi)).toBe(url));
});

describe('challengeStar (SPEC §2: yellow while active, grey otherwise)', () => {
  it.each([
    [null, [], null],
    [7, [], 'active'],
    [7, [3], 'active'],
    [7, [7], 'inactive'],
    [0, [0], 'inactive'],
  ] as const)('challenge %j, answered %j → %j', (challenge, answered, star) =>
    expect(challengeStar({ challenge }, new Set(answered))).toBe(star),
  );
});

const px = (deltaY: number, deltaX = 0) => ({ deltaX, deltaY, deltaMode: 0 });
describe('wheelStep (mouse-wheel scrolling by items)', () => {
  it.each([
    ['a mouse notch down', 0, px(100), 1, 0],
    ['a mouse notch up', 0, px(-100), -1, 0],
    ['a mouse notch on a dense screen', 0, px(100 / 2.625), 1, 0],
    ['a small trackpad move adds up', 0, px(20), 0, 20],
    ['until it reaches a step', 15, px(20), 1, 0],
    ['sideways travel wins when larger', 0, px(5, -80), -1, 0],
    ['a change of direction starts over', 25, px(-20), 0, -20],
    ['lines are 40 px', 0, { deltaX: 0, deltaY: 3, deltaMode: 1 }, 1, 0],
    ['pages count too', 0, { deltaX: 0, deltaY: -1, deltaMode: 2 }, -1, 0],
    ['a huge flick is still one step', 0, px(5000), 1, 0],
  ] as const)('%s', (_, rest, e, step, left) =>
    expect(wheelStep(rest, e)).toEqual({ step, rest: left }),
  );
  it('one step is WHEEL_STEP_PX of travel', () => {
    expect(wheelStep(0, px(WHEEL_STEP_PX - 1)).step).toBe(0);
    expect(wheelStep(0, px(WHEEL_STEP_PX)).step).toBe(1);
  });
});

describe('rovingIndex (keyboard among the stops)', () => {
  it.each([
    ['ArrowRight', 0, 5, 'x', 1],
    ['ArrowLeft', 3, 5, 'x', 2],
    ['ArrowLeft', 0, 5, 'x', 0],
    ['ArrowRight', 4, 5, 'x', 4],
    ['ArrowDown', 1, 5, 'y', 2],
    ['ArrowUp', 1, 5, 'y', 0],
    ['ArrowDown', 1, 5, 'x', null],
    ['ArrowRight', 1, 5, 'y', null],
    ['Home', 3, 5, 'x', 0],
    ['End', 0, 5, 'y', 4],
    ['Enter', 0, 5, 'x', null],
    ['ArrowRight', 0, 0, 'x', null],
  ] as const)('%s from %i of %i (%s) → %j', (key, at, count, axis, to) =>
    expect(rovingIndex(key, at, count, axis)).toBe(to),
  );
});

/** Embla 8's scroll body, step for step: 60 Hz, velocity += distance / duration, damped 0.68. */
function emblaStepsTo(fraction: number, duration: number, distance = 300): number {
  let at = 0;
  let velocity = 0;
  for (let step = 1; step < 600; step++) {
    velocity = (velocity + (distance - at) / duration) * 0.68;
    at += velocity;
    if (Math.abs(distance - at) <= (1 - fraction) * distance) return step;
  }
  return Infinity;
}

describe('CAROUSEL_EMBLA_DURATION (SPEC §9: 200 ms scroll animation)', () => {
  it('covers 95% of a scroll in about 200 ms', () => {
    const ms = emblaStepsTo(0.95, CAROUSEL_EMBLA_DURATION) * (1000 / 60);
    expect(Math.abs(ms - CAROUSEL_SCROLL_MS)).toBeLessThanOrEqual(1000 / 60);
  });
  it("where Embla's default of 25 would take more than twice as long", () =>
    expect(emblaStepsTo(0.95, 25) * (1000 / 60)).toBeGreaterThan(2 * CAROUSEL_SCROLL_MS));
});

describe('stopName (accessible name of a carousel item or list row)', () => {
  it.each([
    [101, 'Gate', null, 'Stop 101: Gate'],
    [null, 'Gate', null, 'Gate'],
    [106, 'Heron', 'active', 'Stop 106: Heron, challenge'],
    [106, 'Heron', 'inactive', 'Stop 106: Heron, challenge answered'],
  ] as const)('%j %s %j → %s', (keypad_code, title, star, name) =>
    expect(stopName({ keypad_code, title }, star)).toBe(name),
  );
});
