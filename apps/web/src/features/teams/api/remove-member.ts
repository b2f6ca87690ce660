import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { teamsQueryKey } from './get-teams';

export type RemoveMemberInput = { teamId: string; userId: string };

/** DELETE /teams/:id/members/:userId (204): the member leaves the team at once. */
export function removeMember({ teamId, userId }: RemoveMemberInput): Promise<void> {
  return api(routes.teams.removeMember, { params: { id: teamId, userId } });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
