import { queryOptions, useQuery } from '@tanstack/react-query';
import { guideSummaryTableSchema, type GuideSummaryTable } from '@earshot/core';
import { apiGet } from '../../../shared/api/client';

/**
 * The world map's guides: the whole table in a small catalogue; in a large one
 * (docs/scale-out.md §3) an empty table and `X-Total-Count`, and the map asks the server for
 * clusters of what is in view (`large` is that count).
 */
export type GuideSummaryAnswer = { table: GuideSummaryTable; large: number | null };

export const getGuideSummary = (signal?: AbortSignal) =>
  apiGet(
    'guide-summary',
    (data, headers): GuideSummaryAnswer => {
      const total = headers.get('x-total-count');
      return {
        table: guideSummaryTableSchema.parse(data),
        large: total && /^\d+$/.test(total) ? Number(total) : null,
      };
    },
    signal,
  );

/** The guide summary table changes only when guides are published: keep it for an hour. */
export const guideSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['guide-summary'],
    queryFn: ({ signal }) => getGuideSummary(signal),
    staleTime: 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
  });

export const useGuideSummary = () => useQuery(guideSummaryQueryOptions());
