import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { meQueryKey, rememberMe } from '../../../lib/me';
import type { Me } from '../../../lib/me';
import type { UpdateProfileRequest } from '@sabai/contracts';

export type ProfileInput = UpdateProfileRequest;

/** PUT /me: username, first and last name (all required). */
export function updateProfile(input: ProfileInput): Promise<Me> {
  return api(routes.me.update, { body: input });
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
