import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuideDetail } from '@earshot/core';
import { apiGet } from '../../api/client';
import { guideDetail } from '../../api/api-shapes.json';
import { parseShape } from '../../api/shape-parse';

// Checked against the schema's shape, not zod: the guide screen opens without it (decision 0011).
export const getTourByToken = (token: string, signal?: AbortSignal) =>
  apiGet(
    `tour-by-token/${encodeURIComponent(token)}`,
    parseShape<GuideDetail>(guideDetail),
    signal,
  );

export const tourByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['tour-by-token', token],
    queryFn: ({ signal }) => getTourByToken(token, signal),
  });

export const useTourByToken = (token: string | null) =>
  useQuery({ ...tourByTokenQueryOptions(token ?? ''), enabled: token !== null });
