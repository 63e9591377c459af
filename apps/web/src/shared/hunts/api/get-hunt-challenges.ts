import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { byPosition, challengeSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

const challengesSchema = z.array(challengeSchema);

/** SPEC §7 repository call "challenges by scavenger_hunt", in hunt order. */
export const getHuntChallenges = async (huntId: number, signal?: AbortSignal) =>
  byPosition(
    await apiGet(`challenges?scavenger_hunt=${huntId}`, parseWith(challengesSchema), signal),
  );

export const huntChallengesQueryOptions = (huntId: number) =>
  queryOptions({
    queryKey: ['challenges', { scavenger_hunt: huntId }],
    queryFn: ({ signal }) => getHuntChallenges(huntId, signal),
    staleTime: 10 * 60_000,
  });

export const useHuntChallenges = (huntId: number | null) =>
  useQuery({ ...huntChallengesQueryOptions(huntId ?? 0), enabled: huntId !== null });
