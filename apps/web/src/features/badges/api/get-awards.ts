import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';
import { parseLazily } from '../../../shared/api/shape-parse';
import { useUserId } from '../hooks/use-user-id';

const awardsSchema = () => import('../../../shared/api/lazy-schemas').then((m) => m.awardsSchema);

/** SPEC §7 GET awards: the signed-in user's own awards (here those of one guide's badges). */
export const getAwards = (guideToken: string, signal?: AbortSignal) =>
  apiGet(
    `awards?badge__guide__token=${encodeURIComponent(guideToken)}`,
    parseLazily(awardsSchema),
    signal,
    { personal: true },
  );

/** Keyed by user: another user's session never reads them from the cache. */
export const awardsQueryOptions = (userId: string, guideToken: string) =>
  queryOptions({
    queryKey: ['awards', userId, guideToken],
    queryFn: ({ signal }) => getAwards(guideToken, signal),
    // Points come from walking (another device too): a screen that opens asks after a minute.
    staleTime: 60_000,
  });

/** The signed-in user's awards on the guide's badges (nothing is asked for a visitor). */
export function useAwards(guideToken: string) {
  const userId = useUserId();
  return useQuery({ ...awardsQueryOptions(userId ?? '', guideToken), enabled: userId !== null });
}
