import { describe, expect, it } from 'vitest';
import {
  badgeImage,
  badgePoints,
  badgeProgress,
  celebrationsOf,
  levelsInOrder,
  pointsText,
} from '../../src/index.js';

const level = (token: string, required: number, image: string | null = `${token}.png`) => ({
  token,
  name: token[0]!.toUpperCase() + token.slice(1),
  required,
  image,
});
const bronze = level('bronze', 3);
const silver = level('silver', 7);
const gold = level('gold', 14);
// As a bundle may list them: not in order of required points.
const levels = [silver, gold, bronze];

describe('the points of a badge (awards first, then the badge’s own awarded)', () => {
  const badge = { id: 5, awarded: { points: 2 } };
  it.each([
    ['an award of the badge', [{ badge_id: 5, points: 4 }], 4],
    [
      'two awards of the badge add up',
      [
        { badge_id: 5, points: 4 },
        { badge_id: 5, points: 1 },
      ],
      5,
    ],
    ['awards of other badges only: its awarded', [{ badge_id: 6, points: 9 }], 2],
    ['no awards loaded: its awarded', null, 2],
  ] as const)('%s', (_, awards, points) => {
    expect(badgePoints(badge, awards)).toBe(points);
  });

  it('a visitor’s badge (no awarded) and a badge not earned (awarded null) have none', () => {
    expect(badgePoints({ id: 5 }, null)).toBe(0);
    expect(badgePoints({ id: 5, awarded: null }, [])).toBe(0);
  });
});

describe('where a badge stands (SPEC §3: shown level, next level, what is still needed)', () => {
  it.each([
    // points, reached, shown, next, to next, fraction
    [0, null, 'bronze', 'bronze', 3, 0],
    [2, null, 'bronze', 'bronze', 1, 2 / 3],
    [3, 'bronze', 'bronze', 'silver', 4, 3 / 7],
    [5, 'bronze', 'bronze', 'silver', 2, 5 / 7],
    [7, 'silver', 'silver', 'gold', 7, 0.5],
    [13, 'silver', 'silver', 'gold', 1, 13 / 14],
    [14, 'gold', 'gold', null, null, 1],
    [40, 'gold', 'gold', null, null, 1],
  ])(
    '%i points: reached %s, shown %s, next %s (%s to go)',
    (p, reached, shown, next, toNext, f) => {
      const at = badgeProgress(levels, p);
      expect(at.points).toBe(p);
      expect(at.reached?.token ?? null).toBe(reached);
      expect(at.shown?.token).toBe(shown);
      expect(at.next?.token ?? null).toBe(next);
      expect(at.toNext).toBe(toNext);
      expect(at.fraction).toBeCloseTo(f);
    },
  );

  it('a badge without levels shows none and has nothing next', () => {
    expect(badgeProgress([], 3)).toEqual({
      points: 3,
      shown: null,
      reached: null,
      next: null,
      toNext: null,
      fraction: 0,
    });
  });

  it('levels in order from the lowest, equals in their own order', () => {
    const twin = level('twin', 7);
    expect(levelsInOrder([gold, silver, twin, bronze]).map((l) => l.token)).toEqual([
      'bronze',
      'silver',
      'twin',
      'gold',
    ]);
  });
});

describe('the image a badge shows', () => {
  it.each([
    ['its shown level’s', { image: 'badge.png' }, { image: 'silver.png' }, 'silver.png'],
    [
      'the badge’s own when the level has none',
      { image: 'badge.png' },
      { image: null },
      'badge.png',
    ],
    ['the badge’s own without levels', { image: 'badge.png' }, null, 'badge.png'],
    ['none when neither has one', { image: null }, null, null],
  ] as const)('%s', (_, badge, shown, image) => {
    expect(badgeImage(badge, shown)).toBe(image);
  });
});

describe('what a visit gives to celebrate', () => {
  const badge = (name: string) => ({
    token: name.toLowerCase().replace(' ', '-'),
    name,
    message: `${name} message`,
    image: `${name}.png`,
  });
  const change = (
    name: string,
    after: number,
    levelAfter: ReturnType<typeof level> | null,
    newBadge: boolean,
    levelUp: boolean,
  ) => ({
    badge: badge(name),
    points_after: after,
    level_after: levelAfter,
    new_badge: newBadge,
    level_up: levelUp,
  });

  it.each([
    ['points alone', [change('River Explorer', 2, null, false, false)], []],
    ['points within a level', [change('River Explorer', 5, bronze, false, false)], []],
    [
      'a first level: a new badge',
      [change('River Explorer', 3, bronze, true, true)],
      [['new-badge', 'New badge: River Explorer, Bronze', 'river-explorer:bronze']],
    ],
    [
      'a higher level: a level-up',
      [change('Good Listener', 5, silver, false, true)],
      [['level-up', 'Level up: Good Listener reached Silver', 'good-listener:silver']],
    ],
    [
      'two badges at once, in the server’s order; the unchanged one left out',
      [
        change('Good Listener', 7, silver, false, true),
        change('Quiet One', 4, bronze, false, false),
        change('River Explorer', 3, bronze, true, true),
      ],
      [
        ['level-up', 'Level up: Good Listener reached Silver', 'good-listener:silver'],
        ['new-badge', 'New badge: River Explorer, Bronze', 'river-explorer:bronze'],
      ],
    ],
  ] as const)('%s', (_, changes, expected) => {
    expect(celebrationsOf(changes).map((c) => [c.kind, c.text, c.key])).toEqual(expected);
  });

  it('carries the level’s image (else the badge’s), name, message and points', () => {
    const [withImage] = celebrationsOf([change('Good Listener', 7, silver, false, true)]);
    expect(withImage).toMatchObject({
      badgeName: 'Good Listener',
      levelName: 'Silver',
      message: 'Good Listener message',
      image: 'silver.png',
      points: 7,
    });
    const [without] = celebrationsOf([
      change('Good Listener', 3, level('bronze', 3, null), true, true),
    ]);
    expect(without!.image).toBe('Good Listener.png');
  });
});

describe('points in words', () => {
  it.each([
    [0, '0 points'],
    [1, '1 point'],
    [7, '7 points'],
  ])('%i → %s', (n, text) => expect(pointsText(n)).toBe(text));
});
