import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache: the screens' data, and what the page's start loads before them. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } },
});
