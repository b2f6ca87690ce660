import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestTimeOff, TimeOffRequest } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { myTimeOffQueryKey } from './get-my-time-off';

/**
 * POST /me/time-off: sent to the manager of the user's team. 400 time_off.end_before_start,
 * time_off.in_past or validation.failed; 409 time_off.no_team.
 */
export function requestTimeOff(body: RequestTimeOff): Promise<TimeOffRequest> {
  return api(routes.timeOff.request, { body });
}

/** DELETE /me/time-off/:id: withdraws a pending request. 404 time_off.not_found once decided. */
export function withdrawTimeOff(id: string): Promise<void> {
  return api(routes.timeOff.withdraw, { params: { id } });
}

function useTimeOffMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myTimeOffQueryKey }),
  });
}

export const useRequestTimeOff = () => useTimeOffMutation(requestTimeOff);
export const useWithdrawTimeOff = () => useTimeOffMutation(withdrawTimeOff);
