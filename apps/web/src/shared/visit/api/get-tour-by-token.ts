import { queryOptions, useQuery } from '@tanstack/react-query';
import { guideDetailSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

export const getTourByToken = (token: string, signal?: AbortSignal) =>
  apiGet(`tour-by-token/${encodeURIComponent(token)}`, parseWith(guideDetailSchema), signal);

export const tourByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['tour-by-token', token],
    queryFn: ({ signal }) => getTourByToken(token, signal),
  });

export const useTourByToken = (token: string | null) =>
  useQuery({ ...tourByTokenQueryOptions(token ?? ''), enabled: token !== null });
