import { QueryClient } from '@tanstack/react-query';
import { isIncompatible } from './client';

/** The app's one query cache: the screens' data, and what the page's start loads before them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      // Once, but never an answer this app cannot read: it reads no better until a reload.
      retry: (failures, error) => failures < 1 && !isIncompatible(error),
      refetchOnWindowFocus: false,
    },
  },
});
