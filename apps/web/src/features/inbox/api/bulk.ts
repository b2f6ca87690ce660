// Acting on several issues at once: a macro run, or one bulk action. Each issue is done in
// its own transaction and answers its own outcome; the lists refresh after (live events also patch the cards).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAction, BulkResult } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { issuesKey } from './issues';

export type { BulkAction, BulkResult };
export type IssueOutcome = BulkResult['results'][number];

/** POST /macros/:id/run: 404 macro.not_found; each issue's outcome lists its steps. */
export function useRunMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ macroId, issueIds }: { macroId: string; issueIds: number[] }) =>
      api(routes.macros.run, { params: { id: macroId }, body: { issueIds } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: issuesKey }),
  });
}

/** POST /issues/bulk: 403 when the role may not take the action at all; otherwise each issue's outcome. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkAction) => api(routes.macros.bulk, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: issuesKey }),
  });
}
