/**
 * Badge rules (SPEC §3 Badge, §7 visit_poi/; docs/decisions/0009-participation.md): which POI
 * visits a badge counts, and which level a number of points reaches.
 */

type Level = { required: number };

/**
 * The levels a badge has reached with `points`: the highest whose required points do not exceed
 * them, or null when even the lowest is out of reach. Levels may come in any order.
 */
export function reachedLevel<L extends Level>(levels: readonly L[], points: number): L | null {
  let best: L | null = null;
  for (const l of levels) {
    if (l.required <= points && (best === null || l.required > best.required)) best = l;
  }
  return best;
}

/** The lowest level (the first of equals), or null for a badge without levels. */
export function lowestLevel<L extends Level>(levels: readonly L[]): L | null {
  let low: L | null = null;
  for (const l of levels) if (low === null || l.required < low.required) low = l;
  return low;
}

/**
 * SPEC §3: the level (and so the image) a badge shows: the highest level whose required points
 * do not exceed the awarded points, otherwise the lowest level.
 */
export function shownLevel<L extends Level>(levels: readonly L[], points: number): L | null {
  return reachedLevel(levels, points) ?? lowestLevel(levels);
}

/** A POI as the visit rule sees it: its token and the token (key) of its layer. */
export type VisitedPoi = { token: string; layerToken: string | null };

/**
 * Whether a visit of `poi` (a POI of the badge's guide) gives the badge a point: a badge without
 * `visited_item` counts every POI of its guide; one naming a layer key counts the POIs of that
 * layer; one naming a POI token counts that POI. Any other value counts nothing.
 */
export function badgeCountsPoi(visitedItem: string | null | undefined, poi: VisitedPoi): boolean {
  const item = visitedItem?.trim() ?? '';
  if (item === '') return true;
  return item === poi.token || (poi.layerToken !== null && item === poi.layerToken);
}

/** Points a first visit of a POI gives each badge that counts it. */
export const POINTS_PER_VISIT = 1;

export type LevelChange<L> = {
  level_before: L | null;
  level_after: L | null;
  /** The badge reached its first level with this change. */
  new_badge: boolean;
  /** The badge reached a higher level than it had (a first level counts too). */
  level_up: boolean;
};

/** What a change of points from `before` to `after` means to the visitor: what to celebrate. */
export function levelChange<L extends Level>(
  levels: readonly L[],
  before: number,
  after: number,
): LevelChange<L> {
  const level_before = reachedLevel(levels, before);
  const level_after = reachedLevel(levels, after);
  const higher =
    level_after !== null && (level_before === null || level_after.required > level_before.required);
  return {
    level_before,
    level_after,
    new_badge: level_before === null && level_after !== null,
    level_up: higher,
  };
}
