import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { categoriesQueryKey } from './get-categories';
import { responsesQueryKey } from './get-responses';

/** DELETE /canned-responses/:id (204). */
export function deleteResponse(id: string): Promise<void> {
  return api(routes.cannedResponses.delete, { params: { id } });
}

export function useDeleteResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResponse,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: responsesQueryKey });
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    },
  });
}
