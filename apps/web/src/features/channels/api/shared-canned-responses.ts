import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CannedResponse } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { CannedResponse };

// Under the canned responses' own key, so a response saved or deleted on their screen is fetched again here.
const sharedCannedQueryKey = (search: string) => ['canned-responses', 'shared', search] as const;

/**
 * GET /canned-responses (a search, by name): the shared ones among the matches, the only ones a comment rule
 * may send (a personal response belongs to one agent).
 */
export async function getSharedCannedResponses(
  search: string,
  signal?: AbortSignal,
): Promise<CannedResponse[]> {
  const query = {
    search: search.trim() || undefined,
    sort: 'name',
    order: 'asc',
    page: 1,
    pageSize: 100,
  } as const;
  const page = await api(routes.cannedResponses.list, { query, signal });
  return page.items.filter((response) => response.isShared);
}

export function useSharedCannedResponses(search: string) {
  return useQuery({
    queryKey: sharedCannedQueryKey(search.trim()),
    queryFn: ({ signal }) => getSharedCannedResponses(search, signal),
    // The matches of the last search stay while the next one's come.
    placeholderData: keepPreviousData,
  });
}
