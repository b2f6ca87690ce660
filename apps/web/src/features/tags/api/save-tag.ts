import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveTag, Tag } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { tagsQueryKey } from './get-tags';

export type SaveTagInput = { id: string | null; body: SaveTag };

/**
 * POST /tags or PUT /tags/:id: 409 tag.name_exists, 404 team.not_found or tag.not_found, 400
 * validation.failed.
 */
export function saveTag({ id, body }: SaveTagInput): Promise<Tag> {
  return id
    ? apiRequest<Tag>('PUT', `/tags/${encodeURIComponent(id)}`, { body })
    : apiRequest<Tag>('POST', '/tags', { body });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTag,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  });
}
