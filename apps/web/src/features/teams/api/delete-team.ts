import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryKey } from './get-teams';

/** DELETE /teams/:id (204): 409 team.has_members or team.used_by_channel, 404 team.not_found. */
export function deleteTeam(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/teams/${encodeURIComponent(id)}`);
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
