import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey, rememberMe } from '../../../lib/me';
import type { Me } from '../../../lib/me';

/** PUT /me/avatar: multipart with one `file` field, an image of at most 5 MB. */
export function updateAvatar(file: File): Promise<Me> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Me>('PUT', '/me/avatar', { body: form });
}

export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: (me) => {
      rememberMe(me);
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
