import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Macro, SaveMacro } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { macrosQueryKey } from '../../../lib/macros';

export type SaveMacroInput = { id: string | null; body: SaveMacro };

/**
 * POST /macros or PUT /macros/:id: 409 macro.name_exists, 404 macro.not_found, 400
 * automation.reference_missing (a team, tag, agent or canned response gone meanwhile) or validation.failed,
 * 403 when someone without canned response scope all shares it.
 */
export function saveMacro({ id, body }: SaveMacroInput): Promise<Macro> {
  return id ? api(routes.macros.update, { params: { id }, body }) : api(routes.macros.create, { body });
}

export function useSaveMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMacro,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: macrosQueryKey }),
  });
}
