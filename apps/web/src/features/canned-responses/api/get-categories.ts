import { useQuery } from '@tanstack/react-query';
import type { CannedCategory, Page } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { CannedCategory };

export const categoriesQueryKey = ['canned-categories'] as const;

// The server takes up to 500 categories a page: the side list shows them all and filters them itself.
const ALL_CATEGORIES = { sort: 'name', order: 'asc', page: 1, pageSize: 500 } as const;

/** GET /canned-categories: the categories the caller may see, by name. */
export function getCategories(signal?: AbortSignal): Promise<Page<CannedCategory>> {
  return api(routes.cannedResponses.categories, { query: ALL_CATEGORIES, signal });
}

export function useCategories() {
  return useQuery({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => getCategories(signal) });
}
