import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScavengerHunt } from '@earshot/core';
import { apiGet } from '../../api/client';
import { scavengerHunts } from '../../api/api-shapes.json';
import { parseShape } from '../../api/shape-parse';

/** SPEC §7 repository call "scavenger hunts by guide__token". */
export const getScavengerHunts = (guideToken: string, signal?: AbortSignal) =>
  apiGet(
    `scavenger_hunts?guide__token=${encodeURIComponent(guideToken)}`,
    // The guide screen asks as it opens: checked without zod (decision 0011).
    parseShape<ScavengerHunt[]>(scavengerHunts),
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
