import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { meQueryKey, rememberMe } from '../../../lib/me';
import type { Me } from '../../../lib/me';

/** PUT /me/avatar: multipart with one `file` field, an image of at most 5 MB. */
export function updateAvatar(file: File): Promise<Me> {
  const form = new FormData();
  form.append('file', file);
  return api(routes.me.updateAvatar, { body: form });
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
