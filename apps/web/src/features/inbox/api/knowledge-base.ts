import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** GET /knowledge-base/search: the published articles matching the words, best first. */
export function useKbSearch(q: string) {
  return useQuery({
    queryKey: ['kb-search', q],
    queryFn: ({ signal }) => api(routes.knowledgeBase.search, { query: { q, limit: 8 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
