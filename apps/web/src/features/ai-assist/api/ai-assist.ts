import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type AiConnectionResult,
  type AiFeature,
  type AiOutcome,
  type AiRequestPage,
  type AiSettings,
  type AiUsage,
  type SaveAiSettings,
  type TestAiConnection,
} from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { AiConnectionResult, AiFeature, AiOutcome, AiSettings, AiUsage, SaveAiSettings };

const settingsKey = ['ai', 'settings'] as const;
const usageKey = ['ai', 'usage'] as const;
const requestsKey = ['ai', 'requests'] as const;

/** GET /ai/settings: the organisation's endpoint, features, data rules and limits (the key only as hasApiKey). */
export function useAiSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api(routes.ai.getSettings, { signal }) });
}

/** PUT /ai/settings: 400 validation.failed or ai.endpoint_private. */
export function useSaveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAiSettings) => api(routes.ai.updateSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: usageKey });
    },
  });
}

/** POST /ai/settings/test: a failure is an answer ({ ok: false, code }), not an error. */
export function useTestAiConnection() {
  return useMutation({
    mutationFn: (body: TestAiConnection) => api(routes.ai.testConnection, { body }),
  });
}

/** GET /ai/usage: requests this month against the budget. */
export function useAiUsage() {
  return useQuery({ queryKey: usageKey, queryFn: ({ signal }) => api(routes.ai.usage, { signal }) });
}

export type RequestFilters = { feature?: AiFeature | undefined; outcome?: AiOutcome | undefined };

/** GET /ai/requests: the log, newest first, a page at a time. */
export function useAiRequests(filters: RequestFilters) {
  return useInfiniteQuery({
    queryKey: [...requestsKey, filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }): Promise<AiRequestPage> =>
      api(routes.ai.requests, {
        signal,
        query: {
          ...(filters.feature ? { feature: filters.feature } : {}),
          ...(filters.outcome ? { outcome: filters.outcome } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
