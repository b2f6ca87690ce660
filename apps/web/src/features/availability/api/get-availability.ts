import { useQuery } from '@tanstack/react-query';
import type { AvailabilityState } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { AvailabilityState };

export const availabilityQueryKey = ['me', 'availability'] as const;

/** GET /me/availability: whether the signed-in user is online, and on approved time off now. */
export function getAvailability(signal?: AbortSignal): Promise<AvailabilityState> {
  return api(routes.timeOff.getAvailability, { signal });
}

export function useAvailability() {
  return useQuery({ queryKey: availabilityQueryKey, queryFn: ({ signal }) => getAvailability(signal) });
}
