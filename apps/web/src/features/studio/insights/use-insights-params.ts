import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { insightsQuery, insightsRange, localDay, type InsightsRange } from '@earshot/core';

/**
 * The dashboard's range and language live in the URL (`?days=30`, `?from=…&to=…`,
 * `&language=es`), so a link shows a colleague the same figures. Today is the device's local day.
 */
export function useInsightsParams() {
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date());
  const days = params.get('days');
  const from = params.get('from');
  const to = params.get('to');
  const range = useMemo(() => insightsRange({ days, from, to }, today), [days, from, to, today]);
  const language = params.get('language') || null;
  const set = (next: InsightsRange, lang: string | null) =>
    setParams(new URLSearchParams(insightsQuery(next, lang)), { replace: false });
  return {
    today,
    range,
    language,
    setRange: (next: InsightsRange) => set(next, language),
    setLanguage: (lang: string | null) => set(range, lang),
  };
}
