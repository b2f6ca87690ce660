import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Tag, TAG_SORTS } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { listSearchParams } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { Tag };
export type TagSort = (typeof TAG_SORTS)[number];

export const tagsQueryKey = ['tags'] as const;

/** GET /tags: one page of the organisation's tags matching the search, in the chosen order. */
export function getTags(params: ListParams<TagSort>, signal?: AbortSignal): Promise<Page<Tag>> {
  return apiRequest<Page<Tag>>('GET', `/tags?${listSearchParams(params)}`, { signal });
}

export function useTags(params: ListParams<TagSort>) {
  return useQuery({
    queryKey: [...tagsQueryKey, params],
    queryFn: ({ signal }) => getTags(params, signal),
    placeholderData: keepPreviousData,
  });
}
