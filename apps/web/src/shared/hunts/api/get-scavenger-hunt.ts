import { queryOptions, useQuery } from '@tanstack/react-query';
import { scavengerHuntSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

/** SPEC §2 /hunt/{id}: one scavenger hunt by id (generic model call). */
export const getScavengerHunt = (id: number, signal?: AbortSignal) =>
  apiGet(`scavenger_hunts/${id}/`, parseWith(scavengerHuntSchema), signal);

export const scavengerHuntQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['scavenger-hunt', id],
    queryFn: ({ signal }) => getScavengerHunt(id, signal),
    staleTime: 10 * 60_000,
  });

export const useScavengerHunt = (id: number) => useQuery(scavengerHuntQueryOptions(id));
