import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client';

/**
 * `GET studio/guides/{token}/insights` (docs/insights.md), its answer checked as it arrives.
 * The shape is the contract's `Period` twice (this period and the one before).
 */
const count = z.number().nonnegative();
const triggers = z.object({
  tap: count,
  keypad: count,
  location: count,
  autoplay: count,
  link: count,
});
const period = z.object({
  totals: z.object({
    visits: count,
    preloads: count,
    listeners: count,
    shares: count,
    answers: count,
    correct: count,
    reached_by_location: count,
    completion: z.number().min(0).max(100),
  }),
  stops: z.array(
    z.object({
      token: z.string(),
      title: z.string(),
      order: z.number(),
      lat: z.number(),
      lng: z.number(),
      visits: count,
      listeners: count,
      starts: count,
      completed: count,
      heard_avg: z.number().min(0).max(100),
      reached: count,
      triggers,
    }),
  ),
  days: z.array(z.object({ day: z.string(), visits: count, listeners: count })),
  hours: z.array(count).length(24),
  weekdays: z.array(count).length(7),
  challenges: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      poi_token: z.string().nullable().optional(),
      answers: count,
      correct: count,
    }),
  ),
});
const range = z.object({ from: z.string(), to: z.string() });

export const insightsReportSchema = z.object({
  guide: z.object({ token: z.string(), title: z.string() }),
  range,
  previous_range: range,
  languages: z.array(z.string()),
  current: period,
  previous: period,
});
export type InsightsReport = z.infer<typeof insightsReportSchema>;

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
