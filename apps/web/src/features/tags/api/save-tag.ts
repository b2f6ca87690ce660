import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type RequestOf } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { tagsQueryKey, type Tag } from './get-tags';

export type SaveTagInput = { id: string | null; body: RequestOf<typeof routes.tags.create>['body'] };

/**
 * POST /tags or PUT /tags/:id: 409 tag.name_exists, 404 team.not_found or tag.not_found, 400
 * validation.failed.
 */
export function saveTag({ id, body }: SaveTagInput): Promise<Tag> {
  return id ? api(routes.tags.update, { params: { id }, body }) : api(routes.tags.create, { body });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTag,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  });
}
