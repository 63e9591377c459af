import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { guideSummarySchema } from '@earshot/core';
import { apiGet } from '../../../shared/api/client';

const toursSchema = z.array(guideSummarySchema);

export const getTours = (signal?: AbortSignal) => apiGet('tours', toursSchema, signal);

export const toursQueryOptions = () =>
  queryOptions({ queryKey: ['tours'], queryFn: ({ signal }) => getTours(signal) });

export const useTours = () => useQuery(toursQueryOptions());
