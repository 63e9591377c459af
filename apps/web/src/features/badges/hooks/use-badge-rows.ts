import { useMemo } from 'react';
import {
  badgeImage,
  badgePoints,
  badgeProgress,
  levelsInOrder,
  type BadgeLevel,
  type BadgeProgress,
  type BadgeWithAward,
} from '@earshot/core';
import { useAwards } from '../api/get-awards';
import { useGuideBadges } from '../api/get-guide-badges';
import { useUserId } from './use-user-id';

export type BadgeRow = {
  badge: BadgeWithAward;
  levels: BadgeLevel[];
  progress: BadgeProgress<BadgeLevel>;
  image: string | null;
};

/**
 * The guide's badges as the badges overlay shows them: each with its points (the user's
 * awards, SPEC §3), the level and image it shows, and the next level.
 */
export function useBadgeRows(guideToken: string) {
  const userId = useUserId();
  const badges = useGuideBadges(guideToken);
  const awards = useAwards(guideToken);
  const rows = useMemo(
    () =>
      (badges.data ?? []).map((badge): BadgeRow => {
        const levels = levelsInOrder(badge.levels);
        const progress = badgeProgress(levels, badgePoints(badge, awards.data ?? null));
        return { badge, levels, progress, image: badgeImage(badge, progress.shown) };
      }),
    [badges.data, awards.data],
  );
  return {
    rows,
    signedIn: userId !== null,
    // The badges come with the user's points too (awarded): awards still on their way, or
    // failed, leave the overlay waiting on nothing.
    loading: badges.isPending,
    error: badges.isError,
    retry: () => void badges.refetch(),
  };
}
