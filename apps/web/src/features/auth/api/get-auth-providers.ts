import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '@earshot/core';
import { apiGet } from '../../../shared/api/client';
import { parseWith } from '../../../shared/api/schema-parse';

/** `GET /api/v1/auth_providers`: which sign-in methods this server has configured. */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth_providers'],
    queryFn: ({ signal }) => apiGet('auth_providers', parseWith(authProvidersSchema), signal),
    staleTime: Infinity,
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
