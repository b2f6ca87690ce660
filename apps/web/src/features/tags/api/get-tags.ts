import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type TAG_SORTS } from '@sabai/contracts';
import { api, type ResponseOf } from '../../../lib/api';
import { listQuery } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type TagPage = ResponseOf<typeof routes.tags.list>;
export type Tag = TagPage['items'][number];
export type TagSort = (typeof TAG_SORTS)[number];

export const tagsQueryKey = ['tags'] as const;

/** GET /tags: one page of the organisation's tags matching the search, in the chosen order. */
export function getTags(params: ListParams<TagSort>, signal?: AbortSignal): Promise<TagPage> {
  return api(routes.tags.list, { query: listQuery(params), signal });
}

export function useTags(params: ListParams<TagSort>) {
  return useQuery({
    queryKey: [...tagsQueryKey, params],
    queryFn: ({ signal }) => getTags(params, signal),
    placeholderData: keepPreviousData,
  });
}
