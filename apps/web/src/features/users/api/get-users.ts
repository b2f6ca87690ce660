import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, User, USER_SORTS, UserStatus } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { listQuery } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { User, UserStatus };
export type UserSort = (typeof USER_SORTS)[number];
export type UserFilters = { status: UserStatus | null; roleId: string | null; teamId: string | null };

export const usersQueryKey = ['users'] as const;

/** GET /users: one page of the organisation's users matching the search and filters. */
export function getUsers(
  params: ListParams<UserSort>,
  filters: UserFilters,
  signal?: AbortSignal,
): Promise<Page<User>> {
  const query = {
    ...listQuery(params),
    status: filters.status ?? undefined,
    roleId: filters.roleId ?? undefined,
    teamId: filters.teamId ?? undefined,
  };
  return api(routes.users.list, { query, signal });
}

export function useUsers(params: ListParams<UserSort>, filters: UserFilters) {
  return useQuery({
    queryKey: [...usersQueryKey, params, filters],
    queryFn: ({ signal }) => getUsers(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}
