import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { tagsQueryKey } from './get-tags';

/** DELETE /tags/:id (204): the tag leaves every issue carrying it. */
export function deleteTag(id: string): Promise<void> {
  return api(routes.tags.delete, { params: { id } });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  });
}
