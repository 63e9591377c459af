import { queryOptions } from '@tanstack/react-query';
import type { Theme } from '@earshot/core';
import { apiGet } from '../api/client';
import { guideTheme } from '../api/api-shapes.json';
import { parseShape } from '../api/shape-parse';

/**
 * SPEC §7 `guides/{token}/theme`: a plain fetch (no Authorization, so it is kept for offline).
 * The guide screen asks as it opens: checked against the schema's shape, not zod (decision 0011).
 */
export const getGuideTheme = (token: string, signal?: AbortSignal) =>
  apiGet(`guides/${encodeURIComponent(token)}/theme`, parseShape<Theme>(guideTheme), signal);

export const guideThemeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['guide-theme', token],
    queryFn: ({ signal }) => getGuideTheme(token, signal),
    staleTime: 10 * 60_000,
    // SPEC §8: a failed load is logged and the empty theme used; the visit does not wait.
    retry: false,
  });
