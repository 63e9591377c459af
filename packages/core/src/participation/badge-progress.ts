import { reachedLevel, shownLevel } from './badges.js';

/**
 * What the badges screen and the celebration of a visit show of a badge (SPEC §3 Badge,
 * Award): its points, the level it shows, the next level and what a visit changed. The level
 * rules themselves are badges.ts.
 */

type Level = { required: number };

/** The awards (GET awards) and a badge's own `awarded` (GET badges, signed in) as they come. */
type AwardPoints = { badge_id: number; points: number };
type BadgePoints = { id: number; awarded?: { points: number } | null };

/**
 * The points a badge has: from the user's awards (SPEC §2 guide-home entry loads them), else
 * the `awarded` the badge came with, else none. Several awards of one badge add up.
 */
export function badgePoints(badge: BadgePoints, awards: readonly AwardPoints[] | null): number {
  const own = awards?.filter((a) => a.badge_id === badge.id) ?? [];
  if (own.length) return own.reduce((sum, a) => sum + a.points, 0);
  return badge.awarded?.points ?? 0;
}

export type BadgeProgress<L> = {
  points: number;
  /** SPEC §3: the level (and image) shown: the highest reached, else the lowest. */
  shown: L | null;
  /** The highest level reached (null: the badge is not earned yet). */
  reached: L | null;
  /** The next level to reach (null: the highest is reached, or the badge has no levels). */
  next: L | null;
  /** Points still needed for `next` (null when there is no next level). */
  toNext: number | null;
  /** How far the points are towards the next level, 0 to 1 (1 once the highest is reached). */
  fraction: number;
};

/** Where a badge stands with `points`. */
export function badgeProgress<L extends Level>(
  levels: readonly L[],
  points: number,
): BadgeProgress<L> {
  const reached = reachedLevel(levels, points);
  let next: L | null = null;
  for (const l of levels) {
    if (l.required > points && (next === null || l.required < next.required)) next = l;
  }
  const fraction = next ? Math.max(0, points / next.required) : levels.length ? 1 : 0;
  return {
    points,
    shown: shownLevel(levels, points),
    reached,
    next,
    toNext: next ? next.required - points : null,
    fraction,
  };
}

/** The image a badge shows: its shown level's, else the badge's own (SPEC §3). */
export function badgeImage(
  badge: { image: string | null },
  shown: { image: string | null } | null,
): string | null {
  return shown?.image ?? badge.image;
}

/** "1 point", "7 points". */
export const pointsText = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;

/** One change a visit made (an entry of visit_poi/'s `awards`), as far as celebrating goes. */
type Change<L> = {
  badge: { token: string; name: string; message: string; image: string | null };
  points_after: number;
  level_after: L | null;
  new_badge: boolean;
  level_up: boolean;
};

export type Celebration = {
  /** The same change always gives the same key. */
  key: string;
  kind: 'new-badge' | 'level-up';
  badgeName: string;
  levelName: string;
  message: string;
  image: string | null;
  points: number;
  /** What is said and shown, e.g. "New badge: River Explorer, Bronze". */
  text: string;
};

/**
 * What a visit gives to celebrate: every badge that reached its first level (a new badge) or a
 * higher one (a level-up), in the order the server gave them. Points alone are not news.
 */
export function celebrationsOf<L extends { name: string; image: string | null; token: string }>(
  changes: readonly Change<L>[],
): Celebration[] {
  const out: Celebration[] = [];
  for (const c of changes) {
    if (!c.level_up || !c.level_after) continue;
    const kind = c.new_badge ? 'new-badge' : 'level-up';
    const level = c.level_after.name;
    out.push({
      key: `${c.badge.token}:${c.level_after.token}`,
      kind,
      badgeName: c.badge.name,
      levelName: level,
      message: c.badge.message,
      image: c.level_after.image ?? c.badge.image,
      points: c.points_after,
      text:
        kind === 'new-badge'
          ? `New badge: ${c.badge.name}, ${level}`
          : `Level up: ${c.badge.name} reached ${level}`,
    });
  }
  return out;
}

/** A badge's levels from the lowest to the highest (equals keep their order). */
export const levelsInOrder = <L extends Level>(levels: readonly L[]): L[] =>
  [...levels].sort((a, b) => a.required - b.required);
