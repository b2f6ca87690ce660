import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CannedCategory, SaveCannedCategory } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { categoriesQueryKey } from './get-categories';
import { responsesQueryKey } from './get-responses';

export type SaveCategoryInput = { id: string | null; body: SaveCannedCategory };

/** POST /canned-categories or PUT /canned-categories/:id: 409 canned.category_exists, 404 canned.not_found. */
export function saveCategory({ id, body }: SaveCategoryInput): Promise<CannedCategory> {
  return id
    ? api(routes.cannedResponses.updateCategory, { params: { id }, body })
    : api(routes.cannedResponses.createCategory, { body });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
      // Responses show their category's name.
      void queryClient.invalidateQueries({ queryKey: responsesQueryKey });
    },
  });
}
