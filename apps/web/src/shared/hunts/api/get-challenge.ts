import { queryOptions, useQuery } from '@tanstack/react-query';
import { challengeSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

/** SPEC §7 repository call "one challenge by id". */
export const getChallenge = (id: number, signal?: AbortSignal) =>
  apiGet(`challenges/${id}/`, parseWith(challengeSchema), signal);

export const challengeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['challenge', id],
    queryFn: ({ signal }) => getChallenge(id, signal),
    staleTime: 10 * 60_000,
  });

export const useChallenge = (id: number, enabled = true) =>
  useQuery({ ...challengeQueryOptions(id), enabled });
