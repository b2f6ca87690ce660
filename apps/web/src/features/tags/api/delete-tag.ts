import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tagsQueryKey } from './get-tags';

/** DELETE /tags/:id (204): the tag leaves every issue carrying it. */
export function deleteTag(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/tags/${encodeURIComponent(id)}`);
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  });
}
