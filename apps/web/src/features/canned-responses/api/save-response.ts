import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CannedResponse, SaveCannedResponse } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { categoriesQueryKey } from './get-categories';
import { responsesQueryKey } from './get-responses';

export type SaveResponseInput = { id: string | null; body: SaveCannedResponse };

/**
 * POST /canned-responses or PUT /canned-responses/:id: 400 canned.message_too_long, file.not_found,
 * validation.failed; 409 canned.response_exists; 404 canned.not_found.
 */
export function saveResponse({ id, body }: SaveResponseInput): Promise<CannedResponse> {
  return id
    ? api(routes.cannedResponses.update, { params: { id }, body })
    : api(routes.cannedResponses.create, { body });
}

export function useSaveResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResponse,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: responsesQueryKey });
      // Categories count their responses.
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    },
  });
}
