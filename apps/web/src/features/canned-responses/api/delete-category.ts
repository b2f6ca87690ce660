import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { categoriesQueryKey } from './get-categories';
import { responsesQueryKey } from './get-responses';

/** DELETE /canned-categories/:id (204): the category goes with its responses. */
export function deleteCategory(id: string): Promise<void> {
  return api(routes.cannedResponses.deleteCategory, { params: { id } });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
      void queryClient.invalidateQueries({ queryKey: responsesQueryKey });
    },
  });
}
