import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { insightsReportSchema } from '@earshot/core';
import { apiGet } from '../../../shared/api/client';

/** `GET studio/guides/{token}/insights` (docs/insights.md), checked with core's schema. */
export type { InsightsReport } from '@earshot/core';

export interface InsightsAsk {
  token: string;
  from: string;
  to: string;
  language: string | null;
}

export const insightsQueryOptions = ({ token, from, to, language }: InsightsAsk) =>
  queryOptions({
    queryKey: ['studio', 'insights', token, from, to, language ?? ''] as const,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ from, to });
      if (language) q.set('language', language);
      return apiGet(
        `studio/guides/${encodeURIComponent(token)}/insights?${q}`,
        (d) => insightsReportSchema.parse(d),
        signal,
        { personal: true },
      );
    },
    // A new range keeps the last figures on screen while it loads (no flash of a spinner).
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
