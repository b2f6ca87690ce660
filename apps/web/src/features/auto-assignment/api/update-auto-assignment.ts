import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoAssignment, UpdateAutoAssignment } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { autoAssignmentsQueryKey } from './get-auto-assignments';

export type UpdateAutoAssignmentInput = { teamId: string; body: UpdateAutoAssignment };

/**
 * PUT /auto-assignment/:teamId: switching to auto hands the team's waiting issues out at once. 404
 * team.not_found (another organisation's team, or not the caller's with scope myTeam).
 */
export function updateAutoAssignment({ teamId, body }: UpdateAutoAssignmentInput): Promise<AutoAssignment> {
  return api(routes.autoAssignment.update, { params: { teamId }, body });
}

export function useUpdateAutoAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutoAssignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autoAssignmentsQueryKey }),
  });
}
