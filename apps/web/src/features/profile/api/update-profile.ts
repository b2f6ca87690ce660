import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey, rememberMe } from '../../../lib/me';
import type { Me } from '../../../lib/me';
import type { UpdateProfileRequest } from '@sabai/contracts';

export type ProfileInput = UpdateProfileRequest;

/** PUT /me: username, first and last name (all required, spec §5). */
export function updateProfile(input: ProfileInput): Promise<Me> {
  return apiRequest<Me>('PUT', '/me', { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      rememberMe(me);
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
