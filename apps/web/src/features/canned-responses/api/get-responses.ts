import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CANNED_RESPONSE_SORTS, CannedResponse, Page } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { listQuery } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { CannedResponse };
export type ResponseSort = (typeof CANNED_RESPONSE_SORTS)[number];

export const responsesQueryKey = ['canned-responses'] as const;

/** GET /canned-responses: one page of the responses the caller may see, optionally of one category. */
export function getResponses(
  params: ListParams<ResponseSort>,
  categoryId: string | null,
  signal?: AbortSignal,
): Promise<Page<CannedResponse>> {
  const query = { ...listQuery(params), categoryId: categoryId ?? undefined };
  return api(routes.cannedResponses.list, { query, signal });
}

export function useResponses(params: ListParams<ResponseSort>, categoryId: string | null) {
  return useQuery({
    queryKey: [...responsesQueryKey, params, categoryId],
    queryFn: ({ signal }) => getResponses(params, categoryId, signal),
    placeholderData: keepPreviousData,
  });
}
