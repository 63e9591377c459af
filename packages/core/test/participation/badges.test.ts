import { describe, expect, it } from 'vitest';
import {
  badgeCountsPoi,
  levelChange,
  lowestLevel,
  reachedLevel,
  shownLevel,
} from '../../src/index.js';

const bronze = { token: 'bronze', required: 3 };
const silver = { token: 'silver', required: 7 };
const gold = { token: 'gold', required: 14 };
// Levels as a bundle may list them: not in order of required points.
const levels = [silver, gold, bronze];

describe('the level a badge shows (SPEC §3: highest reached, else the lowest)', () => {
  it.each([
    [0, null, 'bronze'],
    [2, null, 'bronze'],
    [3, 'bronze', 'bronze'],
    [6, 'bronze', 'bronze'],
    [7, 'silver', 'silver'],
    [13, 'silver', 'silver'],
    [14, 'gold', 'gold'],
    [1000, 'gold', 'gold'],
  ])('%i points: reached %s, shown %s', (points, reached, shown) => {
    expect(reachedLevel(levels, points)?.token ?? null).toBe(reached);
    expect(shownLevel(levels, points)?.token).toBe(shown);
  });

  it('a level needing no points is reached at once; a badge without levels shows none', () => {
    const free = [{ token: 'start', required: 0 }, bronze];
    expect(reachedLevel(free, 0)?.token).toBe('start');
    expect(shownLevel([], 5)).toBeNull();
    expect(lowestLevel([])).toBeNull();
  });

  it('of two levels needing the same points, the first listed counts', () => {
    const twins = [
      { token: 'a', required: 2 },
      { token: 'b', required: 2 },
    ];
    expect(reachedLevel(twins, 2)?.token).toBe('a');
    expect(lowestLevel(twins)?.token).toBe('a');
  });
});

describe('which POI visits a badge counts (visited_item)', () => {
  const inArt = { token: 'rsw-01', layerToken: 'art' };
  const noLayer = { token: 'rsw-02', layerToken: null };
  it.each([
    [null, inArt, true],
    [undefined, noLayer, true],
    ['', inArt, true],
    ['  ', noLayer, true],
    ['art', inArt, true],
    ['art', noLayer, false],
    ['history', inArt, false],
    ['rsw-01', inArt, true],
    ['rsw-01', noLayer, false],
    ['rsw-02', noLayer, true],
    ['something-else', inArt, false],
  ])('visited_item %j, POI %o → %s', (item, poi, counts) => {
    expect(badgeCountsPoi(item, poi)).toBe(counts);
  });
});

describe('what a change of points means (the celebration)', () => {
  it.each([
    [0, 1, null, null, false, false],
    [2, 3, null, 'bronze', true, true],
    [3, 4, 'bronze', 'bronze', false, false],
    [6, 7, 'bronze', 'silver', false, true],
    [13, 14, 'silver', 'gold', false, true],
    [14, 15, 'gold', 'gold', false, false],
    [0, 14, null, 'gold', true, true],
  ])('%i → %i points: %s → %s, new %s, up %s', (before, after, from, to, isNew, up) => {
    const c = levelChange(levels, before, after);
    expect(c.level_before?.token ?? null).toBe(from);
    expect(c.level_after?.token ?? null).toBe(to);
    expect(c.new_badge).toBe(isNew);
    expect(c.level_up).toBe(up);
  });
});
