import { QueryClient } from '@tanstack/react-query';

/**
 * A query cache for one signed-in session: the shells create it when they mount, so signing out
 * (which unmounts them) drops every cached answer. The API client already retries server errors,
 * so queries do not retry again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
