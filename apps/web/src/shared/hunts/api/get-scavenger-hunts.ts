import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { scavengerHuntSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

const huntsSchema = z.array(scavengerHuntSchema);

/** SPEC §7 repository call "scavenger hunts by guide__token". */
export const getScavengerHunts = (guideToken: string, signal?: AbortSignal) =>
  apiGet(
    `scavenger_hunts?guide__token=${encodeURIComponent(guideToken)}`,
    parseWith(huntsSchema),
    signal,
  );

/** A guide's scavenger hunts change only when the guide is published again. */
export const scavengerHuntsQueryOptions = (guideToken: string) =>
  queryOptions({
    queryKey: ['scavenger-hunts', guideToken],
    queryFn: ({ signal }) => getScavengerHunts(guideToken, signal),
    staleTime: 10 * 60_000,
  });

export const useScavengerHunts = (guideToken: string) =>
  useQuery(scavengerHuntsQueryOptions(guideToken));
