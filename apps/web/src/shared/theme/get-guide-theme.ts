import { queryOptions } from '@tanstack/react-query';
import { themeResponseSchema } from '@earshot/core';
import { apiGet } from '../api/client';
import { parseWith } from '../api/schema-parse';

/** SPEC §7 `guides/{token}/theme`: a plain fetch (no Authorization, so it is kept for offline). */
export const getGuideTheme = (token: string, signal?: AbortSignal) =>
  apiGet(`guides/${encodeURIComponent(token)}/theme`, parseWith(themeResponseSchema), signal);

export const guideThemeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['guide-theme', token],
    queryFn: ({ signal }) => getGuideTheme(token, signal),
    staleTime: 10 * 60_000,
    // SPEC §8: a failed load is logged and the empty theme used; the visit does not wait.
    retry: false,
  });
