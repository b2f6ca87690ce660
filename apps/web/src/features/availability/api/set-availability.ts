import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityState } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { availabilityQueryKey } from './get-availability';

export type Availability = AvailabilityState['availability'];

/** PUT /me/availability: coming online hands out the waiting issues of the user's auto-assigned teams. */
export function setAvailability(availability: Availability): Promise<AvailabilityState> {
  return api(routes.timeOff.setAvailability, { body: { availability } });
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    onSuccess: (state) => queryClient.setQueryData(availabilityQueryKey, state),
  });
}
