import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type SaveSlaPolicy, type SlaPolicy } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { SaveSlaPolicy, SlaPolicy };

export const slaPoliciesQueryKey = ['sla-policies'] as const;

/** GET /sla-policies: the organisation's service level policies, by name. */
export function getSlaPolicies(signal?: AbortSignal): Promise<SlaPolicy[]> {
  return api(routes.sla.list, { signal });
}

export function useSlaPolicies() {
  return useQuery({ queryKey: slaPoliciesQueryKey, queryFn: ({ signal }) => getSlaPolicies(signal) });
}

export type SaveSlaPolicyInput = { id: string | null; body: SaveSlaPolicy };

/**
 * POST /sla-policies or PUT /sla-policies/:id: 409 sla.duplicate_scope (another policy of the same team and
 * channel), 404 sla.not_found, team.not_found or channel.not_found, 400 validation.failed. The open issues
 * follow the change within seconds (a server job).
 */
export function saveSlaPolicy({ id, body }: SaveSlaPolicyInput): Promise<SlaPolicy> {
  return id ? api(routes.sla.update, { params: { id }, body }) : api(routes.sla.create, { body });
}

export function useSaveSlaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSlaPolicy,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: slaPoliciesQueryKey }),
  });
}

/** DELETE /sla-policies/:id (204). */
export function deleteSlaPolicy(id: string): Promise<void> {
  return api(routes.sla.delete, { params: { id } });
}

export function useDeleteSlaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlaPolicy,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: slaPoliciesQueryKey }),
  });
}
