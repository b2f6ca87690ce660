import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeOffRequest } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { teamsQueryKey } from './get-teams';
import { timeOffRequestsQueryKey } from './get-time-off-requests';

export type TimeOffDecision = 'approve' | 'decline';
export type DecideTimeOffInput = { id: string; decision: TimeOffDecision };

/**
 * POST /time-off-requests/:id/approve or /decline: the requester is notified. 404 time_off.not_found,
 * 403 time_off.own_request, 409 time_off.already_decided.
 */
export function decideTimeOff({ id, decision }: DecideTimeOffInput): Promise<TimeOffRequest> {
  return api(routes.timeOff[decision], { params: { id } });
}

export function useDecideTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTimeOff,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timeOffRequestsQueryKey });
      // An approved leave changes the members' time-off state shown with the team.
      void queryClient.invalidateQueries({ queryKey: teamsQueryKey });
    },
  });
}
