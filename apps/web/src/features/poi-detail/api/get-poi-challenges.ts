import { queryOptions, useQuery } from '@tanstack/react-query';
import { challengeSchema } from '@earshot/core';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client';
import { parseWith } from '../../../shared/api/schema-parse';

const challengesSchema = z.array(challengeSchema);

/** SPEC §7 repository call "challenges by poi". */
export const getPoiChallenges = (poiId: number, signal?: AbortSignal) =>
  apiGet(`challenges?poi=${poiId}`, parseWith(challengesSchema), signal);

export const poiChallengesQueryOptions = (poiId: number) =>
  queryOptions({
    queryKey: ['challenges', { poi: poiId }],
    queryFn: ({ signal }) => getPoiChallenges(poiId, signal),
    staleTime: 5 * 60_000,
  });

export const usePoiChallenges = (poiId: number, enabled: boolean) =>
  useQuery({ ...poiChallengesQueryOptions(poiId), enabled });
