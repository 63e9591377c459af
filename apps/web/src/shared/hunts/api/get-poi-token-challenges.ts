import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { byPosition, challengeSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

const challengesSchema = z.array(challengeSchema);

/** SPEC §2 /poi/{poi_token}/challenge: the challenges of the POI with that token, in order. */
export const getPoiTokenChallenges = async (poiToken: string, signal?: AbortSignal) =>
  byPosition(
    await apiGet(
      `challenges?poi__token=${encodeURIComponent(poiToken)}`,
      parseWith(challengesSchema),
      signal,
    ),
  );

export const poiTokenChallengesQueryOptions = (poiToken: string) =>
  queryOptions({
    queryKey: ['challenges', { poi__token: poiToken }],
    queryFn: ({ signal }) => getPoiTokenChallenges(poiToken, signal),
    staleTime: 10 * 60_000,
  });

export const usePoiTokenChallenges = (poiToken: string, enabled: boolean) =>
  useQuery({ ...poiTokenChallengesQueryOptions(poiToken), enabled });
