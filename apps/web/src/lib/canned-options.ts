// The canned responses a send step chooses from, and those the steps already send (for their names and who
// may send them). Read under the canned responses screen's key, so its saves and deletions refresh these.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { routes, type CannedResponse } from '@sabai/contracts';
import { api } from './api';

const cannedKey = 'canned-responses';

/**
 * GET /canned-responses searched by name: the first 100 matches the caller may see, personal and shared
 * (each editor offers those its steps may send).
 */
export function useCannedSearch(search: string) {
  const trimmed = search.trim();
  return useQuery({
    queryKey: [cannedKey, 'search', trimmed],
    queryFn: async ({ signal }): Promise<CannedResponse[]> => {
      const query = {
        search: trimmed || undefined,
        sort: 'name',
        order: 'asc',
        page: 1,
        pageSize: 100,
      } as const;
      return (await api(routes.cannedResponses.list, { query, signal })).items;
    },
    // The matches of the last search stay while the next one's come.
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /canned-responses/:id of each response the steps send (a search page may not hold them all). A deleted
 * one answers 404: it is then null.
 */
export function useCannedByIds(ids: readonly string[]): Map<string, CannedResponse | null> {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: [cannedKey, 'detail', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(routes.cannedResponses.get, { params: { id }, signal }),
      retry: false,
      staleTime: 60_000,
    })),
  });
  // Known once read; null once the read failed (deleted); absent while reading.
  const found = new Map<string, CannedResponse | null>();
  ids.forEach((id, index) => {
    const answer = answers[index];
    if (answer?.data) found.set(id, answer.data);
    else if (answer?.isError) found.set(id, null);
  });
  return found;
}
