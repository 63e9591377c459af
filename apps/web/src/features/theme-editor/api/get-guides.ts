import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client';
import { parseWith } from '../../../shared/api/schema-parse';

/** The guides whose theme the editor can start from: token and title of each (GET tours). */
const guideNamesSchema = z.array(z.object({ token: z.string(), title: z.string() }));

export const guideNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['tours', 'names'],
    queryFn: ({ signal }) => apiGet('tours', parseWith(guideNamesSchema), signal),
    staleTime: 10 * 60_000,
  });

export const useGuideNames = () => useQuery(guideNamesQueryOptions());
