import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryKey } from './get-teams';

export type RemoveMemberInput = { teamId: string; userId: string };

/** DELETE /teams/:id/members/:userId (204): the member leaves the team at once. */
export function removeMember({ teamId, userId }: RemoveMemberInput): Promise<void> {
  return apiRequest<void>(
    'DELETE',
    `/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
