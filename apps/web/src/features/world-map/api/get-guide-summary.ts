import { queryOptions, useQuery } from '@tanstack/react-query';
import { guideSummaryTableSchema } from '@earshot/core';
import { apiGet } from '../../../shared/api/client';
import { parseWith } from '../../../shared/api/schema-parse';

export const getGuideSummary = (signal?: AbortSignal) =>
  apiGet('guide-summary', parseWith(guideSummaryTableSchema), signal);

/** The guide summary table changes only when guides are published: keep it for an hour. */
export const guideSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['guide-summary'],
    queryFn: ({ signal }) => getGuideSummary(signal),
    staleTime: 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
  });

export const useGuideSummary = () => useQuery(guideSummaryQueryOptions());
