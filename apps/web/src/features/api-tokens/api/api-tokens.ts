import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RequestOf } from '@sabai/contracts';
import { api, type ResponseOf } from '../../../lib/api';

export type ApiToken = ResponseOf<typeof routes.apiTokens.list>[number];
export type CreatedApiToken = ResponseOf<typeof routes.apiTokens.create>;
export type CreateApiTokenBody = RequestOf<typeof routes.apiTokens.create>['body'];

export const apiTokensQueryKey = ['api-tokens'] as const;

/** GET /api-tokens: the organisation's tokens, newest first (revoked and expired ones too). */
export function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return api(routes.apiTokens.list, { signal });
}

export function useApiTokens() {
  return useQuery({ queryKey: apiTokensQueryKey, queryFn: ({ signal }) => getApiTokens(signal) });
}

/**
 * POST /api-tokens: the answer carries the token's secret, the only time it is sent. 400
 * api_token.invalid_permission, api_token.beyond_role (details.problems name the cells),
 * api_token.expiry_in_past, validation.failed.
 */
export function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return api(routes.apiTokens.create, { body });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** POST /api-tokens/:id/revoke: its next call is refused; 404 api_token.not_found. */
export function revokeApiToken(id: string): Promise<ApiToken> {
  return api(routes.apiTokens.revoke, { params: { id } });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
