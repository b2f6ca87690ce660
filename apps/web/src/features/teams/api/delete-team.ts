import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { teamsQueryKey } from './get-teams';

/** DELETE /teams/:id (204): 409 team.has_members or team.used_by_channel, 404 team.not_found. */
export function deleteTeam(id: string): Promise<void> {
  return api(routes.teams.delete, { params: { id } });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
