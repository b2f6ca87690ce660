import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, User } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type PersonOption = { id: string; name: string; email: string };

/** GET /users (name order, 20 at a time): the organisation's people matching the words, for the person filter. */
export function getPeople(search: string, signal?: AbortSignal): Promise<Page<User>> {
  const words = search.trim();
  return api(routes.users.list, {
    query: { sort: 'name', order: 'asc', page: 1, pageSize: 20, ...(words ? { search: words } : {}) },
    signal,
  });
}

export function usePeople(search: string) {
  return useQuery({
    queryKey: ['users', 'audit-people', search.trim()],
    queryFn: ({ signal }) => getPeople(search, signal),
    select: (page): PersonOption[] =>
      page.items.map((user) => ({ id: user.id, name: user.displayName, email: user.email })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
