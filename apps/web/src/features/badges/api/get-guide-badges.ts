import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadgeWithAward } from '@earshot/core';
import { apiGet } from '../../../shared/api/client';
import { guideBadges } from '../../../shared/api/api-shapes.json';
import { parseShape } from '../../../shared/api/shape-parse';
import { useUserId } from '../hooks/use-user-id';

/**
 * SPEC §7 GET badges of a guide, of contest type badge, with their levels. Signed in, the
 * call carries `Authorization` and each badge comes with the user's award (`awarded`).
 */
export const getGuideBadges = (guideToken: string, signal?: AbortSignal) =>
  apiGet(
    `badges?guide__token=${encodeURIComponent(guideToken)}&contest_type=badge`,
    // The guide screen asks as it opens: checked without zod (decision 0011).
    parseShape<BadgeWithAward[]>(guideBadges),
    signal,
    { personal: true },
  );

/** Keyed by user (null: a visitor), so one user's points never show for another. */
export const guideBadgesQueryOptions = (guideToken: string, userId: string | null) =>
  queryOptions({
    queryKey: ['badges', guideToken, userId],
    queryFn: ({ signal }) => getGuideBadges(guideToken, signal),
    staleTime: 60_000,
  });

/** The visited guide's badges as the current user (or visitor) sees them. */
export function useGuideBadges(guideToken: string) {
  return useQuery(guideBadgesQueryOptions(guideToken, useUserId()));
}
