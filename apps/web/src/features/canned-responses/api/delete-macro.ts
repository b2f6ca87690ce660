import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { macrosQueryKey } from '../../../lib/macros';

/** DELETE /macros/:id (204); 404 macro.not_found. */
export function deleteMacro(id: string): Promise<void> {
  return api(routes.macros.delete, { params: { id } });
}

export function useDeleteMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMacro,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: macrosQueryKey }),
  });
}
